import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * PGlite in a worker thread: the wasm backend runs on its own thread, so on a machine with two cores the database's
 * work and the HTTP server's (parsing, validation, JSON, signing) overlap instead of taking turns on one. The worker
 * only owns the PGlite instance and answers raw wire-protocol exchanges (bytes in, bytes out, both transferred, not
 * copied); statements, types and transactions stay with the wire session on the main thread (`pgliteWire.ts`).
 *
 * Its source is plain CommonJS run with `eval`, loading PGlite's CommonJS build by absolute path: it runs the same under
 * tsx, vitest and the built package, none of which a TypeScript worker file would survive alike.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
let pglite;
const fail = (error) => parentPort.postMessage({ error: { message: String((error && error.message) || error), stack: error && error.stack } });
parentPort.on('message', (request) => {
  if (request.op === 'exchange') {
    // The answer as raw bytes (execProtocolRawSync would also parse and keep every message, which nothing clears).
    const chunks = [];
    let length = 0;
    pglite
      .execProtocolRawStream(request.message, { syncToFs: false, onRawData: (bytes) => { chunks.push(bytes.slice()); length += bytes.length; } })
      .then(() => {
        const answer = new Uint8Array(length);
        let offset = 0;
        for (const chunk of chunks) { answer.set(chunk, offset); offset += chunk.length; }
        parentPort.postMessage({ answer }, [answer.buffer]);
      }, fail);
    return;
  }
  const work =
    request.op === 'open'
      ? PGlite.create(request.dataDir, request.template ? { loadDataDir: new Blob([request.template]) } : {}).then((created) => { pglite = created; return {}; })
      : request.op === 'dump'
        ? pglite.dumpDataDir('gzip').then((blob) => blob.arrayBuffer()).then((bytes) => ({ bytes }))
        : pglite.close().then(() => ({}));
  work.then((reply) => parentPort.postMessage(reply, reply.bytes ? [reply.bytes] : []), fail);
});
`;

interface Reply {
  answer?: Uint8Array;
  bytes?: ArrayBuffer;
  error?: { message: string; stack?: string };
}

export interface PgliteWorker {
  /** One wire-protocol exchange (the caller sends one at a time). */
  exchange(message: Uint8Array): Promise<Uint8Array>;
  /** The data directory as a gzipped tarball. */
  dump(): Promise<Blob>;
  /** Closes PGlite and ends the thread. */
  close(): Promise<void>;
}

/** Starts the thread and opens PGlite in it (`dataDir`: a folder or `memory://`; `template`: a dump to start from). */
export async function startPgliteWorker(dataDir: string, template?: Blob): Promise<PgliteWorker> {
  const pglitePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pglitePath } });
  // Requests are answered in order; a request waits for the one before it (the wire session sends one at a time).
  const waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | undefined;
  worker.on('message', (reply: Reply) => {
    const next = waiting.shift();
    if (!next) return;
    if (reply.error) next.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
    else next.resolve(reply);
  });
  const stop = (error: Error) => {
    failure ??= error;
    for (const next of waiting.splice(0)) next.reject(failure);
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`The PGlite thread ended (exit code ${code}).`)));

  function request(message: object, transfer: ArrayBuffer[] = []): Promise<Reply> {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      worker.postMessage(message, transfer);
    });
  }

  const templateBytes = template ? await template.arrayBuffer() : undefined;
  try {
    await request({ op: 'open', dataDir, template: templateBytes }, templateBytes ? [templateBytes] : []);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    async exchange(message) {
      const copy = message.byteOffset === 0 && message.byteLength === message.buffer.byteLength ? message : message.slice();
      return (await request({ op: 'exchange', message: copy }, [copy.buffer as ArrayBuffer])).answer!;
    },
    async dump() {
      return new Blob([(await request({ op: 'dump' })).bytes!]);
    },
    async close() {
      try {
        await request({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}
