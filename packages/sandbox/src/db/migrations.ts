import type { Migration } from './Migration.js';
import { analyticsMigrations } from './migrations/analyticsMigrations.js';
import { custodyMigrations } from './migrations/custodyMigrations.js';
import { mpcMigrations } from './migrations/mpcMigrations.js';
import { onboardingMigrations } from './migrations/onboardingMigrations.js';
import { privacyMigrations } from './migrations/privacyMigrations.js';
import { performanceMigrations } from './migrations/performanceMigrations.js';
import { productMigrations } from './migrations/productMigrations.js';
import { securityMigrations } from './migrations/securityMigrations.js';

/** Every migration, in version order (the order they were released in). */
export const migrations: readonly Migration[] = [...productMigrations, ...custodyMigrations, ...securityMigrations, ...mpcMigrations, ...onboardingMigrations, ...analyticsMigrations, ...privacyMigrations, ...performanceMigrations].sort((a, b) => a.version - b.version);
