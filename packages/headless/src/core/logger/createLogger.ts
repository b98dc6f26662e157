import type { LogLevel, LogRecord } from '@latchkey/protocol';
import { redactSearch, redactText, redactValue } from './redact.js';

export type { LogLevel };
type RecordLevel = Exclude<LogLevel, 'MUTE'>;

const RANK: Readonly<Record<LogLevel, number>> = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3, MUTE: 4 };
/** POST /logs accepts at most 100 records per batch. */
const MAX_BATCH = 100;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type ConsoleSink = Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;

export interface LoggerConfig {
  level: LogLevel;
  /** Delivers one batch to the logging endpoint (POST /logs). Without it, records only go to the console. */
  send?: (logs: LogRecord[]) => Promise<unknown>;
  /** Records per batch (1–100); a full batch is sent at once. Default 20. */
  batchSize?: number;
  /** How long a partial batch waits before it is sent. Default 5000 ms. */
  flushIntervalMs?: number;
  /** Records kept while waiting; the oldest are dropped beyond it. Default 500. */
  maxQueue?: number;
  timers?: Timers;
  /** Where records are also printed; `false` for nowhere. Default the global console. */
  console?: ConsoleSink | false;
  now?: () => number;
}

export interface Logger {
  debug(message: string, meta?: Record<string, unknown>): void;
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  /** A `meta.error` that is an `Error` also gives the record its stack. */
  error(message: string, meta?: Record<string, unknown>): void;
  getLevel(): LogLevel;
  setLevel(level: LogLevel): void;
  /** Sends every queued record now (in batches); resolves when they are delivered or dropped. */
  flush(): Promise<void>;
  /** Stops the flush timer; queued records are sent by a last `flush()`. */
  dispose(): Promise<void>;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function pageParts(): LogRecord['page'] {
  if (typeof window === 'undefined' || !window.location) return undefined;
  const { host, pathname, search } = window.location;
  return { host, pathname, search: redactSearch(search) };
}

/**
 * Levels DEBUG/INFO/WARN/ERROR/MUTE (SPEC §9). Records at or above the level are printed and
 * batched to the logging endpoint, which keys them by environment id. Secrets never leave:
 * JWTs, one-time codes and secret-named fields are redacted before a record is queued.
 */
export function createLogger(config: LoggerConfig): Logger {
  let level = config.level;
  const batchSize = Math.min(Math.max(1, config.batchSize ?? 20), MAX_BATCH);
  const flushIntervalMs = config.flushIntervalMs ?? 5000;
  const maxQueue = Math.max(batchSize, config.maxQueue ?? 500);
  const timers = config.timers ?? defaultTimers;
  const sink = config.console === undefined ? globalThis.console : config.console;
  const now = config.now ?? Date.now;
  const queue: LogRecord[] = [];
  let timer: unknown;
  let pending: Promise<void> = Promise.resolve();

  function clearTimer(): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  }

  async function sendBatches(): Promise<void> {
    const send = config.send;
    if (!send) return;
    // Bounded: each pass removes up to `batchSize` records from a queue of at most `maxQueue`.
    while (queue.length > 0) {
      const logs = queue.splice(0, batchSize);
      try {
        await send(logs);
      } catch {
        // Delivery failed: the batch is dropped (logging about logging would loop).
      }
    }
  }

  function flush(): Promise<void> {
    clearTimer();
    pending = pending.then(sendBatches);
    return pending;
  }

  function write(recordLevel: RecordLevel, message: string, meta?: Record<string, unknown>): void {
    if (RANK[recordLevel] < RANK[level]) return;
    const safeMessage = redactText(message);
    const safeMeta = meta === undefined ? undefined : (redactValue(meta) as Record<string, unknown>);
    if (sink) sink[recordLevel === 'DEBUG' ? 'debug' : recordLevel === 'INFO' ? 'info' : recordLevel === 'WARN' ? 'warn' : 'error']('[latchkey]', safeMessage, ...(safeMeta ? [safeMeta] : []));
    if (!config.send) return;

    const error = meta?.error;
    const record: LogRecord = { level: recordLevel, message: safeMessage.slice(0, 10_000), time: new Date(now()).toISOString() };
    if (safeMeta) record.meta = safeMeta;
    if (error instanceof Error && error.stack) record.stack = redactText(error.stack).slice(0, 20_000);
    const page = pageParts();
    if (page) record.page = page;
    if (typeof navigator !== 'undefined' && typeof navigator.userAgent === 'string') record.userAgent = navigator.userAgent;

    queue.push(record);
    if (queue.length > maxQueue) queue.splice(0, queue.length - maxQueue);
    if (queue.length >= batchSize) void flush();
    else if (timer === undefined) timer = timers.setTimeout(() => void flush(), flushIntervalMs);
  }

  return {
    debug: (message, meta) => write('DEBUG', message, meta),
    info: (message, meta) => write('INFO', message, meta),
    warn: (message, meta) => write('WARN', message, meta),
    error: (message, meta) => write('ERROR', message, meta),
    getLevel: () => level,
    setLevel: (next) => {
      level = next;
    },
    flush,
    dispose: () => {
      clearTimer();
      return flush();
    },
  };
}
