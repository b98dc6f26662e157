import type { Migration } from '../Migration.js';

/**
 * Issue 11 (the sandbox under load). Numbered well above the others so that migrations added at the same time elsewhere
 * keep their numbers.
 */
export const performanceMigrations: readonly Migration[] = [
  {
    version: 111,
    name: 'performance: drop users_email, the same index as users_profile_email (migration 32), maintained twice on every new user',
    sql: `
      DROP INDEX IF EXISTS users_email;
    `,
  },
  {
    version: 114,
    name: 'performance: an index for every foreign key, so that a cascade or a read of children by their parent never scans a whole table',
    sql: `
      -- Read on every sign-in and GET /users (a user's MPC backups, by wallet) and on every custody request (an
      -- organization's policies, wallets, keys); the rest serve the cascades of deleting a user, a wallet or an
      -- organization, which otherwise scan each child table whole.
      CREATE INDEX mpc_key_share_backups_wallet ON mpc_key_share_backups (wallet_id, generation);
      CREATE INDEX mpc_wallets_user ON mpc_wallets (user_id);
      CREATE INDEX mpc_rooms_user_only ON mpc_rooms (user_id);
      CREATE INDEX mpc_rooms_wallet ON mpc_rooms (wallet_id);
      CREATE INDEX embedded_wallets_user ON embedded_wallets (user_id);
      CREATE INDEX passkeys_credential ON passkeys (verified_credential_id);
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX mfa_challenges_user ON mfa_challenges (user_id);
      CREATE INDEX passkey_challenges_user ON passkey_challenges (user_id);
      CREATE INDEX session_key_challenges_user ON session_key_challenges (user_id);
      CREATE INDEX custody_organizations_parent ON custody_organizations (parent_id);
      CREATE INDEX custody_api_keys_org ON custody_api_keys (organization_id);
      CREATE INDEX custody_api_keys_user ON custody_api_keys (user_id);
      CREATE INDEX custody_authenticators_org ON custody_authenticators (organization_id);
      CREATE INDEX custody_authenticators_user ON custody_authenticators (user_id);
      CREATE INDEX custody_otps_org ON custody_otps (organization_id);
      CREATE INDEX custody_otps_user ON custody_otps (user_id);
      CREATE INDEX custody_policies_org ON custody_policies (organization_id);
      CREATE INDEX custody_wallets_org ON custody_wallets (organization_id);
      CREATE INDEX custody_wallet_accounts_wallet ON custody_wallet_accounts (wallet_id);
    `,
  },
  {
    version: 116,
    name: 'performance: the access list answers "does it allow anyone?" and "is this identity allowed?" from an index',
    sql: `
      -- Every sign-in and every request with a session asks whether the environment's list has an allow (or a block)
      -- entry, and whether one names the identity at hand: both are index conditions here, whatever the planner's
      -- statistics (a list of only blocks would otherwise be scanned whole for an allow entry it does not have).
      CREATE INDEX access_list_entries_action ON access_list_entries (environment_id, action, address);
    `,
  },
];
