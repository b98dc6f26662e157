import type { SandboxOptions } from './startSandbox.js';

/**
 * Sandbox options from the environment: `SANDBOX_PORT`, `SANDBOX_ENVIRONMENT_ID`,
 * `SANDBOX_DATA_DIR` (a folder, or `memory`), `SANDBOX_SEED_FILE`, `DATABASE_URL`.
 * Unset or empty variables keep the defaults; a bad port throws.
 */
export function optionsFromEnv(env: Readonly<Record<string, string | undefined>>): SandboxOptions {
  const options: SandboxOptions = {};
  const port = env['SANDBOX_PORT']?.trim();
  if (port) {
    const value = Number(port);
    if (!/^\d+$/.test(port) || value > 65_535) throw new Error(`SANDBOX_PORT must be a port number (0-65535), got "${port}".`);
    options.port = value;
  }
  const environmentId = env['SANDBOX_ENVIRONMENT_ID']?.trim();
  if (environmentId) options.environmentId = environmentId;
  const dataDir = env['SANDBOX_DATA_DIR']?.trim();
  if (dataDir) options.dataDir = dataDir;
  const seedFile = env['SANDBOX_SEED_FILE']?.trim();
  if (seedFile) options.seedFile = seedFile;
  const databaseUrl = env['DATABASE_URL']?.trim();
  if (databaseUrl) options.databaseUrl = databaseUrl;
  return options;
}
