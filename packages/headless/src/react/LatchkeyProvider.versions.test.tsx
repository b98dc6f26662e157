import { KIT_VERSION, VERSION_CHECK_DELAY_MS } from '@latchkey/protocol/constants';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, routeTable } from '../test/fakeFetch.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function mount(versions: Record<string, string>) {
  const warnings: unknown[][] = [];
  const sink = { debug: () => undefined, info: () => undefined, warn: (...args: unknown[]) => warnings.push(args), error: () => undefined };
  const config = {
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: createFakeFetch(routeTable({})).fetch,
    storage: createMemoryStorage(),
    console: sink,
    sendLogs: false,
    analytics: false,
    logLevel: 'WARN' as const,
  };
  const view = render(<LatchkeyProvider config={config} versions={versions} />);
  return { view, warnings };
}

describe('LatchkeyProvider: the version check (SPEC §8, §9: 100 ms after start)', () => {
  it('default: packages of another version — one console warning, 100 ms after mounting, naming each version', () => {
    const { warnings, view } = mount({ '@latchkey/ui': '4.17.0' });
    vi.advanceTimersByTime(VERSION_CHECK_DELAY_MS - 1);
    expect(warnings).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(warnings).toEqual([
      ['[latchkey]', `Latchkey packages have different versions: @latchkey/headless ${KIT_VERSION}, @latchkey/protocol ${KIT_VERSION}, @latchkey/ui 4.17.0. Install the same version of each.`],
    ]);
    vi.advanceTimersByTime(VERSION_CHECK_DELAY_MS * 10);
    expect(warnings).toHaveLength(1);
    view.unmount();
  });

  it('behavior: the same version — no warning; unmounted before 100 ms — none either', () => {
    const same = mount({ '@latchkey/ui': KIT_VERSION });
    vi.advanceTimersByTime(VERSION_CHECK_DELAY_MS * 10);
    expect(same.warnings).toEqual([]);
    same.view.unmount();
    const early = mount({ '@latchkey/ui': '4.17.0' });
    early.view.unmount();
    vi.advanceTimersByTime(VERSION_CHECK_DELAY_MS * 10);
    expect(early.warnings).toEqual([]);
  });
});
