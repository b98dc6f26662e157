import type { User } from '@latchkey/protocol';

// Its own module: the user menu decides which wallet panel to load from this alone, without the custody client.

/** The embedded wallet as the wallet layer sees it (SPEC §3), from the user's blockchain credential. */
export interface EmbeddedWalletAccount {
  /** The credential id (what DELETE /users/embeddedWallets takes). */
  id: string;
  address: string;
  organizationId: string;
  walletId: string;
  /** The wallet was created with a passkey, which protects it: new session keys need its assertion (or the current key). */
  isAuthenticatorAttached: boolean;
}

/** The blockchain credential of an embedded Solana wallet, read as the wallet layer reads it. */
export function embeddedAccountOf(user: User | undefined): EmbeddedWalletAccount | undefined {
  const credential = user?.verifiedCredentials.find((entry) => entry.format === 'blockchain' && entry.chain === 'SOL' && entry.wallet_properties?.turnkeySubOrganizationId);
  const properties = credential?.wallet_properties;
  if (!credential?.address || !properties?.turnkeySubOrganizationId || !properties.turnkeyHDWalletId) return undefined;
  return {
    id: credential.id,
    address: credential.address,
    organizationId: properties.turnkeySubOrganizationId,
    walletId: properties.turnkeyHDWalletId,
    isAuthenticatorAttached: properties.isAuthenticatorAttached === true,
  };
}
