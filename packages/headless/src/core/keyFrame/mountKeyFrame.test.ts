// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { KEY_FRAME_STEP_TIMEOUT_MS, mountKeyFrame, type KeyFrame } from './mountKeyFrame.js';

/** An export page that loads but never says a word (blocked, or never loaded): the host is not left waiting. */
const FRAME_ORIGIN = 'https://custody.example';
let frames: KeyFrame[] = [];
afterEach(() => {
  frames.forEach((frame) => frame.destroy());
  frames = [];
  vi.useRealTimers();
});

function mount(seal: () => Promise<Record<string, unknown>> = async () => ({ sealed: true })) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const frame = mountKeyFrame({
    container,
    url: new URL(`${FRAME_ORIGIN}/export`),
    title: 'Your private key',
    testId: 'frame',
    minHeight: '10px',
    messagePrefix: 'export',
    seal,
    toError: (reason) => new LatchkeyError('UNKNOWN', { message: reason }),
  });
  frames.push(frame);
  const outcome = frame.done.then(
    () => 'shown',
    (error: unknown) => error,
  );
  /** A message from the frame itself (its origin and its window). */
  const say = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { origin: FRAME_ORIGIN, data, source: frame.iframe.contentWindow }));
  return { frame, outcome, say };
}

describe('mountKeyFrame: a page that does not answer', () => {
  it("error: no '-ready' within the step timeout → done rejects with timeout ('Timeout')", async () => {
    vi.useFakeTimers();
    const { outcome } = mount();
    await vi.advanceTimersByTimeAsync(KEY_FRAME_STEP_TIMEOUT_MS);
    expect(await outcome).toMatchObject({ code: 'timeout', message: 'Timeout' });
  });

  it("error: ready, the sealed key posted, but no '-done' → timeout; the seal's own time does not count", async () => {
    vi.useFakeTimers();
    let sealed!: (message: Record<string, unknown>) => void;
    const { outcome, say } = mount(() => new Promise((resolve) => (sealed = resolve)));
    say({ type: 'export-ready', targetPublicKey: '04ab' });
    // Sealing (custody, a step-up) takes its time: the page is not waited on meanwhile.
    await vi.advanceTimersByTimeAsync(KEY_FRAME_STEP_TIMEOUT_MS * 3);
    sealed({ sealed: true });
    await vi.advanceTimersByTimeAsync(KEY_FRAME_STEP_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: 'timeout' });
  });

  it("default: '-done' in time resolves, and no timeout follows", async () => {
    vi.useFakeTimers();
    const { outcome, say } = mount();
    say({ type: 'export-ready', targetPublicKey: '04ab' });
    await vi.advanceTimersByTimeAsync(0);
    say({ type: 'export-done' });
    await vi.advanceTimersByTimeAsync(KEY_FRAME_STEP_TIMEOUT_MS * 2);
    expect(await outcome).toBe('shown');
  });

  it('behavior: destroy() while waiting rejects done with aborted (nobody awaits it for good); a word from another window changes nothing', async () => {
    const { frame, outcome } = mount();
    window.dispatchEvent(new MessageEvent('message', { origin: FRAME_ORIGIN, data: { type: 'export-done' }, source: window }));
    frame.destroy();
    expect(await outcome).toMatchObject({ code: 'aborted' });
    expect(frame.iframe.isConnected).toBe(false);
  });
});
