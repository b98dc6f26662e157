import { RETRY_DEFAULT_RETRIES, RETRY_DEFAULT_TIMEOUT_MS } from '@latchkey/protocol/constants';
import { SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { retry } from './retry.js';

/** Lets pending promise callbacks run (a few microtask turns). */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

describe('retry (SPEC §9 generic retry helper: 3 retries, 100 ms)', () => {
  it('default: the first success is returned; no further tries', async () => {
    const task = vi.fn(async () => 'ok');
    await expect(retry(task, { timers: new SimulatedClock() })).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("default: 3 retries (4 tries), then 'Max retries reached' with the last failure as its cause", async () => {
    let n = 0;
    const task = vi.fn(async () => {
      n += 1;
      throw new Error(`failure ${n}`);
    });
    const error = await retry(task, { timers: new SimulatedClock() }).catch((caught: unknown) => caught);
    expect(RETRY_DEFAULT_RETRIES).toBe(3);
    expect(task).toHaveBeenCalledTimes(4);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({ code: 'max_retries_reached', message: 'Max retries reached' });
    expect(((error as LatchkeyError).cause as Error).message).toBe('failure 4');
  });

  it("behavior: a try slower than 100 ms fails with 'Timeout' (its signal aborted) and the next one runs (simulated clock)", async () => {
    const clock = new SimulatedClock();
    const signals: AbortSignal[] = [];
    const task = vi.fn(({ attempt, signal }: { attempt: number; signal: AbortSignal }) => {
      signals.push(signal);
      // The first two never answer; the third answers at once.
      return attempt < 3 ? new Promise<string>(() => undefined) : Promise.resolve(`answer ${attempt}`);
    });
    const result = retry(task, { timers: clock });
    await settle();
    expect(task).toHaveBeenCalledTimes(1);
    clock.increment(RETRY_DEFAULT_TIMEOUT_MS - 1);
    await settle();
    expect(task).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await settle();
    expect(task).toHaveBeenCalledTimes(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toMatchObject({ code: 'timeout', message: 'Timeout' });
    clock.increment(RETRY_DEFAULT_TIMEOUT_MS);
    await expect(result).resolves.toBe('answer 3');
  });

  it('behavior: retries, timeout and delay are options; the delay separates the tries', async () => {
    const clock = new SimulatedClock();
    const task = vi.fn(async () => {
      throw new Error('down');
    });
    const result = retry(task, { retries: 5, timeoutMs: 30_000, delayMs: 500, timers: clock }).catch((caught: unknown) => caught);
    await settle();
    expect(task).toHaveBeenCalledTimes(1);
    for (let i = 2; i <= 6; i += 1) {
      clock.increment(499);
      await settle();
      expect(task).toHaveBeenCalledTimes(i - 1);
      clock.increment(1);
      await settle();
      expect(task).toHaveBeenCalledTimes(i);
    }
    await expect(result).resolves.toMatchObject({ code: 'max_retries_reached' });
  });

  it('error: shouldRetry false ends at once with that error', async () => {
    const refused = new LatchkeyError('invalid_request');
    const task = vi.fn(async () => {
      throw refused;
    });
    await expect(retry(task, { timers: new SimulatedClock(), shouldRetry: (error) => !(error instanceof LatchkeyError) })).rejects.toBe(refused);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('error: an abort ends the try under way and the retries with aborted', async () => {
    const clock = new SimulatedClock();
    const controller = new AbortController();
    const task = vi.fn(() => new Promise<string>(() => undefined));
    const result = retry(task, { timers: clock, signal: controller.signal }).catch((caught: unknown) => caught);
    await settle();
    controller.abort();
    await expect(result).resolves.toMatchObject({ code: 'aborted' });
    clock.increment(10 * RETRY_DEFAULT_TIMEOUT_MS);
    await settle();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
