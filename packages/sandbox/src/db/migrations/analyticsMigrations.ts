import type { Migration } from '../Migration.js';

/**
 * Issue 14: the kit's analytics events (POST /events). Numbered well above the others so that migrations added at
 * the same time elsewhere keep their numbers.
 */
export const analyticsMigrations: readonly Migration[] = [
  {
    version: 70,
    name: 'analytics events: the kit lifecycle events (anonymous id, event, properties), bounded per environment',
    sql: `
      CREATE TABLE analytics_events (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        environment_id text NOT NULL,
        anonymous_id text NOT NULL,
        event text NOT NULL,
        properties jsonb NOT NULL,
        received_at timestamptz NOT NULL
      );
      CREATE INDEX analytics_events_environment ON analytics_events (environment_id, seq);
    `,
  },
];
