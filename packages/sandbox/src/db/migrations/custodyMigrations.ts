import type { Migration } from '../Migration.js';

/** The custody emulator's tables, and the embedded wallets the product API keeps in it. */
export const custodyMigrations: readonly Migration[] = [
  {
    version: 10,
    name: 'custody emulator: organisations, users, keys, authenticators, wallets, activities, policies, OTPs',
    sql: `
      CREATE TABLE custody_secrets (
        environment_id text PRIMARY KEY,
        master_key text NOT NULL,
        enclave_private_key text NOT NULL,
        root_organization_id uuid NOT NULL,
        root_api_private_key text NOT NULL,
        created_at timestamptz NOT NULL
      );

      CREATE TABLE custody_organizations (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        parent_id uuid REFERENCES custody_organizations (id) ON DELETE CASCADE,
        name text NOT NULL,
        created_at timestamptz NOT NULL
      );

      CREATE TABLE custody_users (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES custody_organizations (id) ON DELETE CASCADE,
        user_name text NOT NULL,
        user_email text,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX custody_users_org ON custody_users (organization_id);

      CREATE TABLE custody_api_keys (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES custody_organizations (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES custody_users (id) ON DELETE CASCADE,
        name text NOT NULL,
        public_key text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz,
        use_before timestamptz,
        first_used_at timestamptz
      );
      CREATE INDEX custody_api_keys_public_key ON custody_api_keys (public_key);

      CREATE TABLE custody_authenticators (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES custody_organizations (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES custody_users (id) ON DELETE CASCADE,
        name text NOT NULL,
        credential_id text NOT NULL,
        public_key text NOT NULL,
        rp_id text NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX custody_authenticators_credential ON custody_authenticators (credential_id);

      CREATE TABLE custody_wallets (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES custody_organizations (id) ON DELETE CASCADE,
        name text NOT NULL,
        encrypted_seed text NOT NULL,
        exported boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL
      );

      CREATE TABLE custody_wallet_accounts (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES custody_organizations (id) ON DELETE CASCADE,
        wallet_id uuid NOT NULL REFERENCES custody_wallets (id) ON DELETE CASCADE,
        curve text NOT NULL,
        path_format text NOT NULL,
        path text NOT NULL,
        address_format text NOT NULL,
        address text NOT NULL,
        public_key text NOT NULL,
        encrypted_private_key text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (organization_id, address)
      );

      CREATE TABLE custody_activities (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES custody_organizations (id) ON DELETE CASCADE,
        type text NOT NULL,
        status text NOT NULL,
        intent jsonb NOT NULL,
        result jsonb,
        failure jsonb,
        fingerprint text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX custody_activities_org ON custody_activities (organization_id);

      CREATE TABLE custody_policies (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES custody_organizations (id) ON DELETE CASCADE,
        name text NOT NULL,
        effect text NOT NULL CHECK (effect IN ('EFFECT_ALLOW', 'EFFECT_DENY')),
        condition text,
        consensus text,
        created_at timestamptz NOT NULL
      );

      CREATE TABLE custody_otps (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES custody_organizations (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES custody_users (id) ON DELETE CASCADE,
        contact text NOT NULL,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
    `,
  },
  {
    version: 11,
    name: 'embedded wallets: the custody sub-organization and wallet behind a user\'s blockchain credential',
    sql: `
      CREATE TABLE embedded_wallets (
        credential_id uuid PRIMARY KEY REFERENCES verified_credentials (id) ON DELETE CASCADE,
        environment_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        chain text NOT NULL,
        address text NOT NULL,
        sub_organization_id uuid NOT NULL,
        custody_user_id uuid NOT NULL,
        hd_wallet_id uuid NOT NULL,
        is_authenticator_attached boolean NOT NULL DEFAULT false,
        source text NOT NULL CHECK (source IN ('dynamic', 'user')),
        created_at timestamptz NOT NULL,
        UNIQUE (environment_id, user_id, chain)
      );
    `,
  },
];
