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
];
