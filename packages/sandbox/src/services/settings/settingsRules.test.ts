import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/ApiError.js';
import { DEFAULT_SEED_FILE } from '../../startSandbox.js';
import { deepMerge, jwtDurationSeconds, toPublicSettings, validateSettings } from './settingsRules.js';
import { loadSeedSettings } from './settingsStore.js';

const seedJson = JSON.parse(await readFile(DEFAULT_SEED_FILE, 'utf8'));

function rejection(candidate: unknown): ApiError {
  try {
    validateSettings(candidate);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('validateSettings accepted the candidate');
}

describe('deepMerge', () => {
  it('default: merges objects key by key, replaces arrays and scalars', () => {
    const base = { a: { b: 1, c: [1, 2] }, d: 'x' };
    expect(deepMerge(base, { a: { c: [3] }, e: true })).toEqual({ a: { b: 1, c: [3] }, d: 'x', e: true });
    expect(base).toEqual({ a: { b: 1, c: [1, 2] }, d: 'x' });
  });

  it('behavior: null deletes a key', () => {
    expect(deepMerge({ a: { b: 1, c: 2 } }, { a: { b: null } })).toEqual({ a: { c: 2 } });
  });
});

describe('validateSettings', () => {
  it('default: the seed is valid', () => {
    expect(validateSettings(seedJson).general.displayName).toBe('Latchkey Demo');
  });

  it('error: a schema failure is invalid_request with the path', () => {
    const error = rejection(deepMerge(seedJson, { design: { modal: { primaryColor: 'red' } } }));
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', path: 'design.modal.primaryColor' });
  });

  it('error: an unknown key is invalid_request naming it', () => {
    const error = rejection(deepMerge(seedJson, { sdk: { blockEmailSubAddresses: true } }));
    expect(error).toMatchObject({ code: 'invalid_request', path: 'sdk.blockEmailSubAddresses' });
  });

  it('error: an invalid regex is invalid_regex', () => {
    const customFields = [{ ...seedJson.customFields[0], validationRules: { regex: '([a-z' } }];
    expect(rejection({ ...seedJson, customFields })).toMatchObject({ code: 'invalid_regex', path: 'customFields[0].validationRules.regex' });
  });

  it('error: a repeated option is repeated_options', () => {
    const kyc = [{ ...seedJson.kyc[1], validationRules: { validOptions: [{ label: 'A' }, { label: 'A' }] } }];
    expect(rejection({ ...seedJson, kyc })).toMatchObject({ code: 'repeated_options', path: 'kyc[0].validationRules.validOptions' });
  });

  it('error: a field name used twice is custom_field_not_unique', () => {
    const customFields = [...seedJson.customFields, { ...seedJson.customFields[0], position: 9 }];
    expect(rejection({ ...seedJson, customFields })).toMatchObject({ code: 'custom_field_not_unique', path: 'customFields[4].name' });
  });

  it('error: a standard field must name a user profile field', () => {
    const kyc = [{ ...seedJson.kyc[0], name: 'shoeSize' }];
    expect(rejection({ ...seedJson, kyc })).toMatchObject({ code: 'invalid_request', path: 'kyc[0].name' });
  });
});

describe('settings helpers', () => {
  it('default: jwtDuration in seconds, 2 hours when unset', () => {
    const settings = validateSettings(seedJson);
    expect(jwtDurationSeconds(settings)).toBe(7200);
    expect(jwtDurationSeconds({ ...settings, security: {} })).toBe(7200);
    expect(jwtDurationSeconds({ ...settings, security: { jwtDuration: { amount: 3, unit: 'days' } } })).toBe(3 * 86_400);
  });

  it('behavior: public settings drop provider secrets', () => {
    const settings = validateSettings({ ...seedJson, providers: [{ id: 'p', provider: 'github', clientId: 'id', clientSecret: 's3cret' }] });
    expect(toPublicSettings(settings).providers).toEqual([{ id: 'p', provider: 'github', clientId: 'id' }]);
    expect(settings.providers[0]?.clientSecret).toBe('s3cret');
  });
});

describe('loadSeedSettings', () => {
  it('error: a seed that is not JSON, or not valid settings, names the file and the reason', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'latchkey-seed-'));
    const notJson = path.join(dir, 'a.json');
    await writeFile(notJson, '{ nope');
    await expect(loadSeedSettings(notJson)).rejects.toThrow(/a\.json are not valid JSON/);
    const invalid = path.join(dir, 'b.json');
    await writeFile(invalid, JSON.stringify({ ...seedJson, environmentName: 'staging' }));
    await expect(loadSeedSettings(invalid)).rejects.toThrow(/b\.json are invalid: environmentName/);
  });

  it('behavior: the hash follows the file content', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'latchkey-seed-'));
    const file = path.join(dir, 'seed.json');
    await writeFile(file, JSON.stringify(seedJson));
    const first = await loadSeedSettings(file);
    await writeFile(file, JSON.stringify(deepMerge(seedJson, { general: { displayName: 'Other' } })));
    const second = await loadSeedSettings(file);
    expect(second.hash).not.toBe(first.hash);
    expect(second.settings.general.displayName).toBe('Other');
  });
});
