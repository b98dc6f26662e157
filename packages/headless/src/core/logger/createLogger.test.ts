import type { LogRecord } from '@latchkey/protocol';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../test/fakeFetch.js';
import { createLogger, type LoggerConfig, type Timers } from './createLogger.js';
import { resolveLogLevel } from './resolveLogLevel.js';

/** Timers run by hand: `fire()` runs every pending callback. */
function manualTimers(): Timers & { pending: Map<number, { callback: () => void; ms: number }>; fire(): void } {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  return {
    pending,
    setTimeout: (callback, ms) => {
      pending.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
    fire() {
      for (const [id, { callback }] of [...pending]) {
        pending.delete(id);
        callback();
      }
    },
  };
}

function setup(config: Partial<LoggerConfig> = {}) {
  const batches: LogRecord[][] = [];
  const timers = manualTimers();
  const sink = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const logger = createLogger({
    level: 'DEBUG',
    send: async (logs) => {
      batches.push(logs);
    },
    batchSize: 3,
    flushIntervalMs: 1000,
    timers,
    console: sink,
    now: () => Date.UTC(2026, 0, 1),
    ...config,
  });
  return { logger, batches, timers, sink };
}

describe('createLogger', () => {
  it('default: a full batch is sent at once', async () => {
    const { logger, batches } = setup();
    logger.info('one');
    logger.info('two');
    expect(batches).toHaveLength(0);
    logger.warn('three');
    await logger.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((record) => [record.level, record.message])).toEqual([
      ['INFO', 'one'],
      ['INFO', 'two'],
      ['WARN', 'three'],
    ]);
    expect(batches[0]?.[0]?.time).toBe('2026-01-01T00:00:00.000Z');
  });

  it('behavior: a partial batch waits for the flush interval timer', async () => {
    const { logger, batches, timers } = setup();
    logger.error('lonely');
    expect([...timers.pending.values()].map((timer) => timer.ms)).toEqual([1000]);
    logger.error('second');
    expect(timers.pending.size).toBe(1);
    timers.fire();
    await logger.flush();
    expect(batches.map((batch) => batch.length)).toEqual([2]);
  });

  it('behavior: flush on demand sends everything in bounded batches', async () => {
    const { logger, batches } = setup({ batchSize: 100, flushIntervalMs: 60_000 });
    for (let i = 0; i < 7; i++) logger.debug(`m${i}`);
    expect(batches).toHaveLength(0);
    await logger.flush();
    expect(batches.map((batch) => batch.length)).toEqual([7]);
    await logger.flush();
    expect(batches).toHaveLength(1);
  });

  it('behavior: records below the level are neither printed nor sent; MUTE silences everything', async () => {
    const { logger, batches, sink } = setup({ level: 'WARN' });
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    await logger.flush();
    expect(batches.flat().map((record) => record.message)).toEqual(['w']);
    expect(sink.debug).not.toHaveBeenCalled();
    expect(sink.warn).toHaveBeenCalledWith('[latchkey]', 'w');
    logger.setLevel('MUTE');
    expect(logger.getLevel()).toBe('MUTE');
    logger.error('e');
    await logger.flush();
    expect(batches.flat()).toHaveLength(1);
    expect(sink.error).not.toHaveBeenCalled();
  });

  it('behavior: never logs secrets (JWTs, codes, secret-named fields)', async () => {
    const { logger, batches, sink } = setup({ batchSize: 10 });
    const jwt = fakeJwt(Date.now() + 60_000);
    logger.info(`token ${jwt} and code 493817 sent`, {
      jwt,
      verificationToken: '493817',
      nested: { mfaToken: 'secret', code: '111222', note: `has ${jwt}` },
      email: 'ada@example.com',
    });
    logger.error('failed', { error: new Error(`bad ${jwt}`) });
    await logger.flush();
    const sent = JSON.stringify(batches);
    const printed = JSON.stringify(sink.info.mock.calls);
    for (const text of [sent, printed]) {
      expect(text).not.toContain(jwt);
      expect(text).not.toContain('493817');
      expect(text).not.toContain('111222');
      expect(text).not.toContain('"secret"');
      expect(text).toContain('ada@example.com');
    }
    expect(batches[0]?.[1]?.stack).toBeTypeOf('string');
    expect(batches[0]?.[1]?.stack).not.toContain(jwt);
  });

  it('behavior: the queue is bounded: beyond maxQueue the oldest records are dropped', async () => {
    const { logger, batches } = setup({ batchSize: 2, maxQueue: 4, flushIntervalMs: 60_000 });
    for (let i = 0; i < 10; i++) logger.info(`r${i}`);
    await logger.flush();
    expect(batches.flat().map((record) => record.message)).toEqual(['r6', 'r7', 'r8', 'r9']);
    expect(batches.every((batch) => batch.length <= 2)).toBe(true);
  });

  it('error: a failed delivery drops its batch and is not retried or logged', async () => {
    const send = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const { logger, sink } = setup({ send, batchSize: 2, flushIntervalMs: 60_000 });
    logger.info('a');
    logger.info('b');
    await logger.flush();
    expect(send).toHaveBeenCalledTimes(1);
    await logger.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(sink.error).not.toHaveBeenCalled();
  });

  it('behavior: without send, records only go to the console', async () => {
    const { logger, sink, timers } = setup({ send: undefined });
    logger.info('console only');
    expect(sink.info).toHaveBeenCalledTimes(1);
    expect(timers.pending.size).toBe(0);
    await logger.dispose();
  });
});

describe('resolveLogLevel', () => {
  it('default: WARN until production is known', () => {
    expect(resolveLogLevel({})).toBe('WARN');
  });

  it('behavior: DEBUG outside production, WARN in production, an explicit level wins', () => {
    expect(resolveLogLevel({ environmentName: 'sandbox' })).toBe('DEBUG');
    expect(resolveLogLevel({ environmentName: 'live' })).toBe('WARN');
    expect(resolveLogLevel({ production: false, environmentName: 'live' })).toBe('DEBUG');
    expect(resolveLogLevel({ production: true })).toBe('WARN');
    expect(resolveLogLevel({ logLevel: 'ERROR', environmentName: 'sandbox' })).toBe('ERROR');
  });
});
