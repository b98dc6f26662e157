import type { Migration } from '../Migration.js';

/**
 * Issue 14, `privacy.collectIp`: where the client's IP address is kept while the project collects it — on the session
 * a sign-in opens and on each analytics event; NULL otherwise. Numbered apart from the others (as analytics' 70) so
 * that migrations added at the same time elsewhere keep their numbers.
 */
export const privacyMigrations: readonly Migration[] = [
  {
    version: 80,
    name: 'privacy.collectIp: the client IP address on sessions and analytics events, NULL unless collected',
    sql: `
      ALTER TABLE sessions ADD COLUMN ip_address text;
      ALTER TABLE analytics_events ADD COLUMN ip_address text;
    `,
  },
];
