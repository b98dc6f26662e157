import { readdirSync, readFileSync } from 'node:fs';
import { KIT_VERSION, VERSION_CHECK_DELAY_MS } from '@latchkey/protocol/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkKitVersions, version } from './checkKitVersions.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('checkKitVersions (SPEC §8: a console message when the SDK packages differ in version)', () => {
  it('default: this package is the kit version the version header sends', () => {
    expect(version).toBe(KIT_VERSION);
  });

  it('default: every package.json of the kit, the ui version constant and the version header say the same (SPEC §9: 4.18.0)', () => {
    const packagesDir = new URL('../../../../', import.meta.url);
    const versions = Object.fromEntries(
      readdirSync(packagesDir).map((name) => [name, (JSON.parse(readFileSync(new URL(`${name}/package.json`, packagesDir), 'utf8')) as { version: string }).version]),
    );
    expect(Object.keys(versions).sort()).toEqual(['headless', 'protocol', 'sandbox', 'themes', 'ui']);
    expect(new Set(Object.values(versions))).toEqual(new Set([KIT_VERSION]));
    expect(KIT_VERSION).toBe('4.18.0');
    const uiVersion = /export const version = '([^']+)'/.exec(readFileSync(new URL('ui/src/version.ts', packagesDir), 'utf8'))?.[1];
    expect(uiVersion).toBe(KIT_VERSION);
  });

  it('behavior: the same version everywhere — no message', () => {
    const warn = vi.fn();
    checkKitVersions({ '@latchkey/ui': KIT_VERSION }, warn);
    vi.advanceTimersByTime(VERSION_CHECK_DELAY_MS * 10);
    expect(warn).not.toHaveBeenCalled();
  });

  it('behavior: a package of another version — one message, VERSION_CHECK_DELAY_MS (100 ms) after the check starts', () => {
    const warn = vi.fn();
    checkKitVersions({ '@latchkey/ui': '4.17.2' }, warn);
    vi.advanceTimersByTime(VERSION_CHECK_DELAY_MS - 1);
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      `Latchkey packages have different versions: @latchkey/headless ${KIT_VERSION}, @latchkey/protocol ${KIT_VERSION}, @latchkey/ui 4.17.2. Install the same version of each.`,
    );
  });

  it('behavior: stopped before the delay (the provider unmounted) — no message', () => {
    const warn = vi.fn();
    const stop = checkKitVersions({ '@latchkey/ui': '4.17.2' }, warn);
    stop();
    vi.advanceTimersByTime(VERSION_CHECK_DELAY_MS * 10);
    expect(warn).not.toHaveBeenCalled();
  });
});
