import type { Migration } from '../Migration.js';

/** Issue 14: captcha tokens of the captcha emulator (single use, bound to a site key). */
export const onboardingMigrations: readonly Migration[] = [
  {
    version: 55,
    name: 'captcha: tokens issued by the captcha emulator, redeemed once',
    sql: `
      CREATE TABLE captcha_tokens (
        token_hash text PRIMARY KEY,
        environment_id text NOT NULL,
        site_key text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX captcha_tokens_expiry ON captcha_tokens (expires_at);
    `,
  },
];
