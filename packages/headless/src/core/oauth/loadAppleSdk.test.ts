import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { isLatchkeyError } from '../errors/LatchkeyError.js';
import { APPLE_SDK_URL, loadAppleSdk, type ScriptHost } from './loadAppleSdk.js';

interface FakeScript {
  src: string;
  async: boolean;
  crossOrigin: string;
  dataset: Record<string, string>;
  onload: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
  removed: boolean;
  remove(): void;
}

function fakeDocument() {
  const scripts: FakeScript[] = [];
  const doc: ScriptHost = {
    createElement: () => {
      const script: FakeScript = { src: '', async: false, crossOrigin: '', dataset: {}, onload: null, onerror: null, removed: false, remove: () => (script.removed = true) };
      return script as unknown as HTMLScriptElement;
    },
    head: { appendChild: (node) => scripts.push(node as unknown as FakeScript) },
    querySelector: () => scripts.find((script) => !script.removed && script.dataset['loaded'] === 'true') as unknown as Element ?? null,
  };
  return { doc, scripts };
}

const clockTimers = (clock: SimulatedClock) => ({ setTimeout: (callback: () => void, ms: number) => clock.setTimeout(callback, ms), clearTimeout: (id: unknown) => clock.clearTimeout(id as number) });

describe('loadAppleSdk', () => {
  it("default: adds Apple's script once and resolves on load; a second call does not add it again", async () => {
    const { doc, scripts } = fakeDocument();
    const loading = loadAppleSdk({ document: doc, timers: clockTimers(new SimulatedClock()) });
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ src: APPLE_SDK_URL, async: true, dataset: { latchkeySdk: 'apple' } });
    scripts[0]!.onload!();
    await expect(loading).resolves.toBeUndefined();
    await loadAppleSdk({ document: doc });
    expect(scripts).toHaveLength(1);
  });

  it("error: a load error → 'Failed to load Apple SDK', the tag removed so a retry adds a new one", async () => {
    const { doc, scripts } = fakeDocument();
    const loading = loadAppleSdk({ document: doc, timers: clockTimers(new SimulatedClock()) });
    scripts[0]!.onerror!(new Event('error'));
    const error = await loading.catch((caught: unknown) => caught);
    expect(isLatchkeyError(error, 'apple_sdk_load_failed')).toBe(true);
    expect((error as Error).message).toBe('Failed to load Apple SDK');
    expect(scripts[0]!.removed).toBe(true);
    void loadAppleSdk({ document: doc, timers: clockTimers(new SimulatedClock()) });
    expect(scripts).toHaveLength(2);
  });

  it("error: no load within the timeout → 'Failed to load Apple SDK'", async () => {
    const { doc, scripts } = fakeDocument();
    const clock = new SimulatedClock();
    const loading = loadAppleSdk({ document: doc, timeoutMs: 5000, timers: clockTimers(clock) });
    clock.increment(4999);
    clock.increment(1);
    await expect(loading).rejects.toMatchObject({ code: 'apple_sdk_load_failed', message: 'Failed to load Apple SDK' });
    expect(scripts[0]!.removed).toBe(true);
  });
});
