import type { Migration } from '../Migration.js';

/** The product API's tables: settings, users, sessions and every sign-in method, MFA, the token registry. */
export const productMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'settings, keys, users, sessions, e-mail verifications, inbox, logs',
    sql: `
      CREATE TABLE project_settings (
        environment_id text PRIMARY KEY,
        settings jsonb NOT NULL,
        seed_hash text NOT NULL,
        updated_at timestamptz NOT NULL
      );

      CREATE TABLE signing_keys (
        kid text PRIMARY KEY,
        algorithm text NOT NULL,
        private_jwk jsonb NOT NULL,
        public_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL
      );

      CREATE TABLE users (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        profile jsonb NOT NULL DEFAULT '{}'::jsonb,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        first_visit timestamptz NOT NULL,
        last_visit timestamptz NOT NULL,
        last_verified_credential_id uuid
      );
      CREATE UNIQUE INDEX users_username_unique ON users (environment_id, lower(profile->>'username'))
        WHERE coalesce(profile->>'username', '') <> '';
      CREATE INDEX users_email ON users (environment_id, lower(profile->>'email'));

      CREATE TABLE verified_credentials (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        environment_id text NOT NULL,
        format text NOT NULL,
        identifier text NOT NULL,
        created_at timestamptz NOT NULL,
        last_selected_at timestamptz,
        UNIQUE (environment_id, format, identifier)
      );
      CREATE INDEX verified_credentials_user ON verified_credentials (user_id);

      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        environment_id text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );

      CREATE TABLE email_verifications (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        email text NOT NULL,
        code_hash text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'used', 'burnt')),
        failed_attempts integer NOT NULL DEFAULT 0,
        sends integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );

      CREATE TABLE inbox_messages (
        seq bigint GENERATED ALWAYS AS IDENTITY,
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        code text,
        sent_at timestamptz NOT NULL
      );
      CREATE INDEX inbox_messages_recipient ON inbox_messages (environment_id, recipient, seq DESC);

      CREATE TABLE log_records (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        environment_id text NOT NULL,
        level text NOT NULL,
        message text NOT NULL,
        record jsonb NOT NULL,
        received_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'SMS verifications',
    sql: `
      CREATE TABLE sms_verifications (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        phone_e164 text NOT NULL,
        iso_country_code text NOT NULL,
        code_hash text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'used', 'burnt')),
        failed_attempts integer NOT NULL DEFAULT 0,
        sends integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
    `,
  },
  {
    version: 3,
    name: 'social sign-in: OAuth states (PKCE, redirect URI) and linked social accounts',
    sql: `
      CREATE TABLE oauth_states (
        state text PRIMARY KEY,
        environment_id text NOT NULL,
        provider text NOT NULL,
        code_challenge text NOT NULL,
        redirect_uri text NOT NULL,
        app_origin text,
        return_url text,
        status text NOT NULL CHECK (status IN ('pending', 'used')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );

      CREATE TABLE oauth_accounts (
        credential_id uuid PRIMARY KEY REFERENCES verified_credentials (id) ON DELETE CASCADE,
        environment_id text NOT NULL,
        provider text NOT NULL,
        account_id text NOT NULL,
        username text,
        display_name text,
        emails jsonb NOT NULL DEFAULT '[]'::jsonb,
        UNIQUE (environment_id, provider, account_id)
      );
    `,
  },
  {
    version: 4,
    name: 'telegram sign-in: login states',
    sql: `
      CREATE TABLE telegram_states (
        state text PRIMARY KEY,
        environment_id text NOT NULL,
        app_origin text,
        status text NOT NULL CHECK (status IN ('pending', 'used')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
    `,
  },
  {
    version: 5,
    name: 'passkeys: credentials and ceremony challenges',
    sql: `
      CREATE TABLE passkeys (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        verified_credential_id uuid REFERENCES verified_credentials (id) ON DELETE SET NULL,
        credential_id text NOT NULL,
        public_key text NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports jsonb NOT NULL DEFAULT '[]'::jsonb,
        alias text,
        user_agent text,
        origin text NOT NULL,
        storage text CHECK (storage IN ('platform', 'cross-platform')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz,
        UNIQUE (environment_id, credential_id)
      );
      CREATE INDEX passkeys_user ON passkeys (user_id);

      CREATE TABLE passkey_challenges (
        challenge text PRIMARY KEY,
        environment_id text NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('register', 'signin', 'mfa-register', 'mfa-auth')),
        user_id uuid REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
    `,
  },
  {
    version: 6,
    name: 'mfa: devices and pending second-factor challenges',
    sql: `
      CREATE TABLE mfa_devices (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('totp', 'passkey')),
        secret text,
        alias text,
        is_default boolean NOT NULL DEFAULT false,
        verified boolean NOT NULL DEFAULT false,
        last_used_step bigint,
        created_at timestamptz NOT NULL,
        verified_at timestamptz
      );
      CREATE INDEX mfa_devices_user ON mfa_devices (user_id);

      CREATE TABLE mfa_challenges (
        token_hash text PRIMARY KEY,
        environment_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        new_user boolean NOT NULL DEFAULT false,
        status text NOT NULL CHECK (status IN ('pending', 'used', 'burnt')),
        failed_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 7,
    name: 'mfa: recovery codes',
    sql: `
      CREATE TABLE mfa_recovery_codes (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        created_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX mfa_recovery_codes_user ON mfa_recovery_codes (user_id);
    `,
  },
  {
    version: 8,
    name: 'wallet sign-in: nonces, wallet credentials, access lists',
    sql: `
      CREATE TABLE wallet_nonces (
        nonce text PRIMARY KEY,
        environment_id text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );

      CREATE TABLE wallet_credentials (
        credential_id uuid PRIMARY KEY REFERENCES verified_credentials (id) ON DELETE CASCADE,
        environment_id text NOT NULL,
        chain text NOT NULL,
        address text NOT NULL,
        wallet_name text NOT NULL,
        wallet_provider text NOT NULL,
        hardware_wallet text CHECK (hardware_wallet IN ('ledger'))
      );

      CREATE TABLE access_list_entries (
        environment_id text NOT NULL,
        address text NOT NULL,
        action text NOT NULL CHECK (action IN ('allow', 'block')),
        created_at timestamptz NOT NULL,
        PRIMARY KEY (environment_id, address)
      );
    `,
  },
  {
    version: 15,
    name: 'mfa: recovery-code acknowledgement on the user; passkeys as MFA devices',
    sql: `
      ALTER TABLE users ADD COLUMN mfa_backup_code_acknowledgement text
        CHECK (mfa_backup_code_acknowledgement IN ('pending', 'complete'));

      ALTER TABLE mfa_devices ADD COLUMN credential_id text;
      ALTER TABLE mfa_devices ADD COLUMN public_key text;
      ALTER TABLE mfa_devices ADD COLUMN counter bigint NOT NULL DEFAULT 0;
      ALTER TABLE mfa_devices ADD COLUMN transports jsonb NOT NULL DEFAULT '[]'::jsonb;
      CREATE UNIQUE INDEX mfa_devices_credential ON mfa_devices (environment_id, credential_id) WHERE credential_id IS NOT NULL;
    `,
  },
  {
    version: 20,
    name: 'token registry: descriptions and USD prices of the tokens the sandbox knows (balances route)',
    sql: `
      CREATE TABLE token_registry (
        environment_id text NOT NULL,
        chain text NOT NULL,
        address text NOT NULL,
        name text NOT NULL,
        symbol text NOT NULL,
        decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 255),
        logo_uri text,
        usd_price double precision CHECK (usd_price >= 0),
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (environment_id, chain, address)
      );
    `,
  },
];
