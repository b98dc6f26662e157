import { afterEach, describe, expect, it, vi } from 'vitest';
import { toLatchkeyErrorSync } from '../errors/toLatchkeyError.js';
import { importWhenOnline, OFFLINE_LOAD_MESSAGE } from './importWhenOnline.js';

describe('importWhenOnline', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('default: online (or no navigator at all, as on a server), the load runs and its result comes back', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    await expect(importWhenOnline(async () => 'chunk')).resolves.toBe('chunk');
    vi.stubGlobal('navigator', undefined);
    await expect(importWhenOnline(async () => 'chunk')).resolves.toBe('chunk');
  });

  it('error: offline, nothing is fetched (a failed import could stay failed for the page); the TypeError reads as network_error', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const load = vi.fn(async () => 'chunk');
    const refused = await importWhenOnline(load).catch((error: unknown) => error);
    expect(load).not.toHaveBeenCalled();
    expect(refused).toEqual(new TypeError(OFFLINE_LOAD_MESSAGE));
    expect(toLatchkeyErrorSync(refused)).toMatchObject({ code: 'network_error', message: 'Network error. Check your connection and try again.' });
  });

  it("error: a load that fails online passes its own error through", async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(importWhenOnline(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});
