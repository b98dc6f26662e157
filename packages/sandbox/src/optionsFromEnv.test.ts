import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from './optionsFromEnv.js';

describe('optionsFromEnv', () => {
  it('default: nothing set → no options (the defaults of startSandbox apply)', () => {
    expect(optionsFromEnv({})).toEqual({});
    expect(optionsFromEnv({ SANDBOX_PORT: '', DATABASE_URL: '  ' })).toEqual({});
  });

  it('behavior: reads every variable', () => {
    expect(
      optionsFromEnv({
        SANDBOX_PORT: '4100',
        SANDBOX_ENVIRONMENT_ID: 'env-1',
        SANDBOX_DATA_DIR: 'memory',
        SANDBOX_SEED_FILE: '/tmp/seed.json',
        DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      }),
    ).toEqual({ port: 4100, environmentId: 'env-1', dataDir: 'memory', seedFile: '/tmp/seed.json', databaseUrl: 'postgres://u@127.0.0.1:5432/db' });
    expect(optionsFromEnv({ SANDBOX_PORT: '0' })).toEqual({ port: 0 });
  });

  it('error: a port that is not a port number', () => {
    for (const port of ['abc', '-1', '70000', '4010.5']) {
      expect(() => optionsFromEnv({ SANDBOX_PORT: port }), port).toThrow(/SANDBOX_PORT must be a port number/);
    }
  });
});
