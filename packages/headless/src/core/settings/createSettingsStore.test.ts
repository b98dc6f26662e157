import type { ProjectSettings } from '@latchkey/protocol';
import { describe, expect, it, vi } from 'vitest';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { createSettingsStore } from './createSettingsStore.js';

const settings = { environmentName: 'sandbox' } as ProjectSettings;

describe('createSettingsStore', () => {
  it('default: idle, then loading, then ready; loads once', async () => {
    const fetchSettings = vi.fn(async () => settings);
    const store = createSettingsStore({ fetchSettings });
    const seen: string[] = [];
    store.watch((state) => seen.push(state.status));
    expect(store.get()).toEqual({ status: 'idle', settings: undefined, error: undefined });
    const [a, b] = await Promise.all([store.load(), store.load()]);
    expect(a).toBe(settings);
    expect(b).toBe(settings);
    await store.load();
    expect(fetchSettings).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ status: 'ready', settings, error: undefined });
    expect(seen).toEqual(['loading', 'ready']);
  });

  it('behavior: get returns the same object until the state changes', async () => {
    const store = createSettingsStore({ fetchSettings: async () => settings });
    expect(store.get()).toBe(store.get());
    await store.load();
    expect(store.get()).toBe(store.get());
  });

  it('error: a failed load is kept as a LatchkeyError; the next load tries again', async () => {
    const fetchSettings = vi
      .fn<() => Promise<ProjectSettings>>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(settings);
    const store = createSettingsStore({ fetchSettings });
    await expect(store.load()).rejects.toMatchObject({ code: 'network_error' });
    expect(store.get().status).toBe('failed');
    expect(store.get().error).toBeInstanceOf(LatchkeyError);
    await expect(store.load()).resolves.toBe(settings);
    expect(store.get()).toMatchObject({ status: 'ready', error: undefined });
  });

  it('behavior: unsubscribed watchers hear nothing', async () => {
    const store = createSettingsStore({ fetchSettings: async () => settings });
    const listener = vi.fn();
    store.watch(listener)();
    await store.load();
    expect(listener).not.toHaveBeenCalled();
  });
});
