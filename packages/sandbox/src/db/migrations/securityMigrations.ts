import type { Migration } from '../Migration.js';

/**
 * Issue 11 (security and abuse resistance): state that used to live in memory or nowhere, kept in the database so
 * several sandbox processes on one PostgreSQL behave as one.
 */
export const securityMigrations: readonly Migration[] = [
  {
    version: 31,
    name: 'security: rate-limit events, MFA step-up, custody request fingerprints, session-key challenges, sandbox secrets',
    sql: `
      -- Sliding-window rate limits: one row per counted event (a code sent), per bucket and key.
      CREATE TABLE rate_limit_events (
        environment_id text NOT NULL,
        bucket text NOT NULL,
        key text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX rate_limit_events_window ON rate_limit_events (environment_id, bucket, key, at);

      -- When a session last passed a second factor (its MFA challenge, or a step-up).
      ALTER TABLE sessions ADD COLUMN mfa_verified_at timestamptz;

      -- Custody stamps: a request body (its sha-256) is accepted once inside the freshness window.
      CREATE TABLE custody_request_fingerprints (
        fingerprint text PRIMARY KEY,
        environment_id text NOT NULL,
        seen_at timestamptz NOT NULL
      );
      CREATE INDEX custody_request_fingerprints_seen ON custody_request_fingerprints (environment_id, seen_at);

      -- The custody request a proof (passkey stamp or previous session key) must sign to register a session key.
      CREATE TABLE session_key_challenges (
        nonce text PRIMARY KEY,
        environment_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        session_id uuid NOT NULL,
        public_key text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );

      -- Secrets every process of one environment must share (the Telegram bot token).
      CREATE TABLE sandbox_secrets (
        environment_id text NOT NULL,
        name text NOT NULL,
        value text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (environment_id, name)
      );
    `,
  },
  {
    version: 32,
    name: 'security: indexes for the profile e-mail and phone lookups (the proven owner wins; PUT /users checks)',
    sql: `
      CREATE INDEX users_profile_email ON users (environment_id, lower(profile->>'email'));
      CREATE INDEX users_profile_phone ON users (environment_id, lower(profile->>'phoneNumber'));
    `,
  },
  {
    version: 112,
    name: 'security: indexes for sweeping what sending codes leaves behind (verifications past their expiry, rate-limit events past every window)',
    sql: `
      -- Events are written in time order: a BRIN index finds the old ones for next to nothing per insert (a btree on
      -- (environment_id, at) cost PGlite, which never analyzes, about a tenth of its sign-in throughput).
      CREATE INDEX rate_limit_events_age ON rate_limit_events USING brin (at);
      -- Verifications by age, not expiry: with an index on expires_at, PGlite (no statistics) planned the sign-in's
      -- unexpired-code check on it and lost a quarter of its sign-in throughput.
      CREATE INDEX email_verifications_age ON email_verifications (environment_id, created_at);
      CREATE INDEX sms_verifications_age ON sms_verifications (environment_id, created_at);
    `,
  },
  {
    version: 113,
    name: 'security: indexes for sweeping expired one-time state (nonces, OAuth and Telegram states, challenges)',
    sql: `
      -- Each is read by its own key only; these serve sweepExpired alone (captcha_tokens has one already).
      CREATE INDEX wallet_nonces_expiry ON wallet_nonces (environment_id, expires_at);
      CREATE INDEX oauth_states_expiry ON oauth_states (environment_id, expires_at);
      CREATE INDEX telegram_states_expiry ON telegram_states (environment_id, expires_at);
      CREATE INDEX passkey_challenges_expiry ON passkey_challenges (environment_id, expires_at);
      CREATE INDEX session_key_challenges_expiry ON session_key_challenges (environment_id, expires_at);
      CREATE INDEX mfa_challenges_expiry ON mfa_challenges (environment_id, expires_at);
    `,
  },
  {
    version: 115,
    name: 'security: an index for sweeping sessions past their expiry',
    sql: `
      -- A session is read by its id only; this serves sweepExpired alone. Expiries grow with time, so each new session
      -- lands at the index's right edge.
      CREATE INDEX sessions_expiry ON sessions (environment_id, expires_at);
    `,
  },
  {
    version: 117,
    name: 'security: Telegram login data signs in once (the state that used it keeps its hash)',
    sql: `
      ALTER TABLE telegram_states ADD COLUMN auth_hash text;
      CREATE UNIQUE INDEX telegram_states_auth_hash ON telegram_states (environment_id, auth_hash) WHERE auth_hash IS NOT NULL;
    `,
  },
  {
    version: 118,
    name: 'security: which product session each custody session key was registered for, so ending the session deletes the key',
    sql: `
      -- One row per API key the product API registers (or has custody issue) for a session: the kit's session key
      -- (by its public key, recorded before custody creates it) or an e-mail recovery key (by the id custody names).
      -- Ending a session deletes its keys at custody; a row goes once custody no longer has its key, or once the key
      -- has lapsed (sweepExpired). No foreign key to sessions: a session swept before its key was deleted leaves the
      -- row, which still says whose key it is.
      CREATE TABLE session_custody_keys (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        session_id uuid NOT NULL,
        sub_organization_id uuid NOT NULL,
        custody_user_id uuid NOT NULL,
        public_key text,
        api_key_id uuid,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        CHECK (public_key IS NOT NULL OR api_key_id IS NOT NULL)
      );
      CREATE INDEX session_custody_keys_user ON session_custody_keys (user_id);
      CREATE INDEX session_custody_keys_expiry ON session_custody_keys (environment_id, expires_at);
    `,
  },
  {
    version: 119,
    name: 'security: each environment signs session tokens with its own key',
    sql: `
      -- Environments sharing one PostgreSQL database shared the first key stored. A key stored before this migration
      -- has no environment: the first environment that loads takes it (its tokens stay good), any other makes its own.
      ALTER TABLE signing_keys ADD COLUMN environment_id text;
      CREATE UNIQUE INDEX signing_keys_environment ON signing_keys (environment_id);
    `,
  },
  {
    version: 120,
    name: 'security (custody): which api key added an api key, so deleting a key deletes the keys it added',
    sql: `
      -- Set when a create_api_keys is stamped by an api key; delete_api_keys deletes the keys it names and, through
      -- this column, every key they added (and theirs). No foreign key: a key that lapses or goes another way (a
      -- recovery started over) leaves what it added alone, so a rotated session key outlives the one that added it.
      ALTER TABLE custody_api_keys ADD COLUMN added_by uuid;
      CREATE INDEX custody_api_keys_added_by ON custody_api_keys (added_by) WHERE added_by IS NOT NULL;
    `,
  },
  {
    version: 122,
    name: "security: a session key's record lives as long as its session can",
    sql: `
      -- A record expired with its key, and was swept an hour later while the session lived on; ending the session then
      -- missed the key, and the keys renewed from it at custody (added_by) outlived the sign-out. Records now expire
      -- at the later of the key's lapse and the session's latest end (30 days after sign-in, SESSION_MAX_LIFETIME_S,
      -- or its expiry when later: see recordSessionKey); the records already written are extended the same way.
      UPDATE session_custody_keys k SET expires_at = greatest(k.expires_at, s.expires_at, s.created_at + interval '30 days')
        FROM sessions s WHERE s.id = k.session_id;
    `,
  },
];
