import type { Migration } from '../Migration.js';

/**
 * MPC wallets (FROST key shares): the server's party. Every ceremony's state lives here, not in a
 * process, so any instance may answer the next message of a room.
 */
export const mpcMigrations: readonly Migration[] = [
  {
    version: 40,
    name: 'mpc wallets: master key, wallets, sealed server shares, ceremony rooms, key-share backups, the cloud-drive emulator',
    sql: `
      CREATE TABLE mpc_secrets (
        environment_id text PRIMARY KEY,
        master_key text NOT NULL,
        created_at timestamptz NOT NULL
      );

      CREATE TABLE mpc_wallets (
        credential_id uuid PRIMARY KEY REFERENCES verified_credentials (id) ON DELETE CASCADE,
        environment_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        chain text NOT NULL,
        address text NOT NULL,
        public_key text NOT NULL,
        threshold_signature_scheme text NOT NULL CHECK (threshold_signature_scheme IN ('TWO_OF_TWO', 'TWO_OF_THREE', 'THREE_OF_FIVE')),
        generation integer NOT NULL,
        public_package jsonb NOT NULL,
        client_keygen_ids jsonb NOT NULL,
        server_keygen_ids jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (environment_id, user_id, chain)
      );

      CREATE TABLE mpc_server_shares (
        wallet_id uuid NOT NULL REFERENCES mpc_wallets (credential_id) ON DELETE CASCADE,
        environment_id text NOT NULL,
        generation integer NOT NULL,
        keygen_id text NOT NULL,
        identifier text NOT NULL,
        sealed_share text NOT NULL,
        PRIMARY KEY (wallet_id, generation, identifier)
      );

      CREATE TABLE mpc_rooms (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        wallet_id uuid REFERENCES mpc_wallets (credential_id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('keygen', 'sign', 'reshare', 'refresh', 'export')),
        step integer NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'done', 'failed')),
        params jsonb NOT NULL,
        public_state jsonb,
        sealed_state text,
        failure jsonb,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX mpc_rooms_user ON mpc_rooms (environment_id, user_id, created_at);

      CREATE TABLE mpc_key_share_backups (
        id uuid PRIMARY KEY,
        environment_id text NOT NULL,
        wallet_id uuid NOT NULL REFERENCES mpc_wallets (credential_id) ON DELETE CASCADE,
        generation integer NOT NULL,
        backup_location text CHECK (backup_location IN ('googleDrive', 'icloud')),
        secret text,
        password_encrypted boolean NOT NULL,
        source text NOT NULL CHECK (source IN ('dynamic', 'user')),
        created_at timestamptz NOT NULL,
        CHECK ((secret IS NULL) <> (backup_location IS NULL))
      );

      CREATE TABLE cloud_drive_files (
        environment_id text NOT NULL,
        provider text NOT NULL CHECK (provider IN ('googleDrive', 'icloud')),
        owner text NOT NULL,
        name text NOT NULL,
        content text NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (environment_id, provider, owner, name)
      );
    `,
  },
  {
    version: 121,
    name: 'mpc rooms: swept an hour past their expiry (finished or not), counted per user while open; a key-share backup names its share',
    sql: `
      CREATE INDEX mpc_rooms_expiry ON mpc_rooms (environment_id, expires_at);
      CREATE INDEX mpc_rooms_open ON mpc_rooms (environment_id, user_id, expires_at) WHERE status = 'open';
      -- One backup per (wallet, generation, place, share): a newer one replaces the older. NULL for backups recorded
      -- before (and for a client that names none): those of one place share one record.
      ALTER TABLE mpc_key_share_backups ADD COLUMN keygen_id text;
    `,
  },
  {
    version: 123,
    name: 'mpc: a key-share backup request is recorded once (its proof, kept for the generation)',
    sql: `
      -- The sha-256 of each backup proof accepted in the wallet's current generation, and the backup it recorded: the
      -- same request sent again answers what it recorded while that backup stands, and is refused once a newer one
      -- replaced it (a captured request cannot put an older backup back). Dropped with the generation.
      CREATE TABLE mpc_backup_proofs (
        wallet_id uuid NOT NULL REFERENCES mpc_wallets (credential_id) ON DELETE CASCADE,
        generation integer NOT NULL,
        proof_hash text NOT NULL,
        backup_id uuid NOT NULL,
        PRIMARY KEY (wallet_id, generation, proof_hash)
      );
    `,
  },
];
