import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ProjectSettings } from '@latchkey/protocol';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import { deepMerge, validateSettings } from './settingsRules.js';

export interface SeedSettings {
  readonly settings: ProjectSettings;
  /** sha-256 of the seed file: stored settings are replaced when the seed changes. */
  readonly hash: string;
}

/** Reads and validates the seed file; a bad seed stops the sandbox with the file and the reason. */
export async function loadSeedSettings(file: string): Promise<SeedSettings> {
  const text = await readFile(file, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Seed settings ${file} are not valid JSON: ${(error as Error).message}`);
  }
  try {
    return { settings: validateSettings(json), hash: createHash('sha256').update(text).digest('hex') };
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`Seed settings ${file} are invalid: ${error.message}`);
    throw error;
  }
}

/**
 * How long this process reuses the settings it read (real time, not the sandbox clock). Writes through this process
 * take effect at once; another process on the same PostgreSQL sees them within this long.
 */
export const SETTINGS_CACHE_MS = 1000;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const entry of Object.values(value)) deepFreeze(entry);
  }
  return value;
}

export interface SettingsStore {
  /** The settings (frozen: copy before changing); cached for `SETTINGS_CACHE_MS`. */
  get(): Promise<ProjectSettings>;
  /** Deep-merges a partial (see `deepMerge`), re-validates and stores it; on error nothing changes. */
  merge(patch: unknown): Promise<ProjectSettings>;
  /** Restores the seed. */
  reset(): Promise<ProjectSettings>;
}

interface SettingsRow {
  settings: ProjectSettings;
  seed_hash: string;
}

/**
 * Project settings of one environment, kept in the database. At start the seed is written
 * unless the stored settings already derive from this very seed (so admin changes survive a
 * restart, and editing the seed file takes effect on the next start).
 */
export async function createSettingsStore(options: {
  db: Database;
  environmentId: string;
  seed: SeedSettings;
  now: () => Date;
}): Promise<SettingsStore> {
  const { db, environmentId, seed, now } = options;
  let cached: { settings: ProjectSettings; readAt: number } | undefined;
  const remember = (settings: ProjectSettings) => {
    cached = { settings: deepFreeze(settings), readAt: performance.now() };
    return cached.settings;
  };

  async function write(settings: ProjectSettings): Promise<ProjectSettings> {
    await db.query(
      `INSERT INTO project_settings (environment_id, settings, seed_hash, updated_at) VALUES ($1, $2::jsonb, $3, $4)
       ON CONFLICT (environment_id) DO UPDATE SET settings = EXCLUDED.settings, seed_hash = EXCLUDED.seed_hash, updated_at = EXCLUDED.updated_at`,
      [environmentId, JSON.stringify(settings), seed.hash, now().toISOString()],
    );
    return remember(structuredClone(settings));
  }

  async function read(): Promise<SettingsRow | undefined> {
    const rows = await db.query<SettingsRow>('SELECT settings, seed_hash FROM project_settings WHERE environment_id = $1', [environmentId]);
    return rows[0];
  }

  const stored = await read();
  if (!stored || stored.seed_hash !== seed.hash) await write(seed.settings);

  return {
    async get() {
      if (cached && performance.now() - cached.readAt < SETTINGS_CACHE_MS) return cached.settings;
      const row = await read();
      // Validated on every write.
      return row ? remember(row.settings) : write(seed.settings);
    },
    async merge(patch) {
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
        throw new ApiError(400, 'invalid_request', 'Settings: the body must be a JSON object.');
      }
      const current = structuredClone((await read())?.settings ?? seed.settings);
      return write(validateSettings(deepMerge(current, patch)));
    },
    reset: () => write(seed.settings),
  };
}
