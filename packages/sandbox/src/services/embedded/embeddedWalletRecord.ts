import type { User } from '@latchkey/protocol';
import { SOLANA_DEFAULT_PATH } from '../../custody/solanaKeys.js';

/** A row of `embedded_wallets` (migration 11): the custody side of a user's blockchain credential. */
export interface EmbeddedWalletRow {
  credential_id: string;
  user_id: string;
  chain: string;
  address: string;
  sub_organization_id: string;
  custody_user_id: string;
  hd_wallet_id: string;
  is_authenticator_attached: boolean;
  source: 'dynamic' | 'user';
  created_at: Date;
}

/** The wire fields of a blockchain credential backed by an embedded wallet (SPEC §3). */
export function embeddedWalletFields(row: EmbeddedWalletRow): Partial<User['verifiedCredentials'][number]> {
  return {
    address: row.address,
    chain: row.chain as 'SOL',
    wallet_name: 'turnkeyhd',
    wallet_provider: 'embeddedWallet',
    embedded_wallet_id: row.hd_wallet_id,
    wallet_properties: {
      turnkeySubOrganizationId: row.sub_organization_id,
      turnkeyHDWalletId: row.hd_wallet_id,
      turnkeyUserId: row.custody_user_id,
      isAuthenticatorAttached: row.is_authenticator_attached,
      isSessionKeyCompatible: true,
      version: 'V3',
      source: row.source,
      derivationPath: SOLANA_DEFAULT_PATH,
    },
  };
}

