import type { SignedRequest } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import { CustodyError } from '../../custody/CustodyError.js';
import { ApiError } from '../../errors/ApiError.js';
import type { EmbeddedWalletRow } from './embeddedWalletRecord.js';

export const passkeyDeletionMessages = {
  required: 'A passkey protects this wallet: send the deletion stamped by the passkey (turnkeySignedRequest).',
  mismatch: 'turnkeySignedRequest: must be the custody delete_wallets request for this wallet, stamped by its passkey.',
  refused: 'The passkey-stamped deletion was refused: {reason}',
} as const;

interface Deletion {
  walletIds: string[];
  deleteWithoutExport: boolean;
}

/** Whether `body` is exactly the custody request deleting `deletion` in the wallet's sub-organisation. */
function deletesThisWallet(body: string, wallet: EmbeddedWalletRow, deletion: Deletion): boolean {
  let parsed: { type?: unknown; organizationId?: unknown; parameters?: { walletIds?: unknown; deleteWithoutExport?: unknown } };
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const ids = parsed.parameters?.walletIds;
  return (
    parsed.type === 'ACTIVITY_TYPE_DELETE_WALLETS' &&
    parsed.organizationId === wallet.sub_organization_id &&
    Array.isArray(ids) &&
    ids.length === 1 &&
    ids[0] === deletion.walletIds[0] &&
    (parsed.parameters?.deleteWithoutExport ?? false) === deletion.deleteWithoutExport
  );
}

/**
 * A passkey-protected wallet (`isAuthenticatorAttached`) goes only by its passkey: the session alone would let a stolen
 * token destroy it (and put a wallet of the thief's key in its place), and custody refuses the parent's
 * `delete_wallets` for a user with a passkey. The kit sends custody's request stamped by the passkey
 * (`X-Stamp-WebAuthn`); it must delete exactly this wallet, and custody checks the stamp, its freshness and replay.
 */
export async function deleteWithPasskey(ctx: SandboxContext, wallet: EmbeddedWalletRow, deletion: Deletion, signed: SignedRequest | undefined): Promise<void> {
  if (!signed) throw new ApiError(403, 'forbidden', passkeyDeletionMessages.required, 'turnkeySignedRequest');
  if (signed.stamp.stampHeaderName !== 'X-Stamp-WebAuthn' || !deletesThisWallet(signed.body, wallet, deletion)) {
    throw new ApiError(400, 'invalid_request', passkeyDeletionMessages.mismatch, 'turnkeySignedRequest');
  }
  await ctx.custody.client.forward('delete_wallets', signed.body, { header: 'X-Stamp-WebAuthn', value: signed.stamp.stampHeaderValue }).catch((error: unknown) => {
    if (error instanceof CustodyError && error.code !== 13) throw new ApiError(400, 'invalid_request', passkeyDeletionMessages.refused.replace('{reason}', error.message), 'turnkeySignedRequest');
    throw error;
  });
}
