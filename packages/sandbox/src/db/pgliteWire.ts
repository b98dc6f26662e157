import { TransactionAbortedError, type PGlite } from '@electric-sql/pglite';
import type { Queryable } from './database.js';
import { afterTurns, GATHER_TURNS } from './afterTurns.js';
import { MessageWriter, readAnswers, type Answer } from './wireCodec.js';

/**
 * PGlite over the PostgreSQL wire protocol. PGlite's own `query()` makes six calls into the wasm backend per statement
 * (parse, describe, bind, describe, execute, sync), parses each answer twice, and parses and plans the SQL text every
 * time. Here a statement is parsed once under a name (`Parse` + `Describe`, its parameter and result types kept), and
 * executed with `Bind` + `Execute` + `Sync`; and whatever is waiting goes in one exchange (a pipeline): statements
 * outside transactions, from any number of requests, each with its own `Sync` (so each is its own transaction, and
 * one failing fails alone); a transaction's statements issued before it waits for an answer, its `BEGIN` riding with
 * the first of them. Values are written and read with PGlite's own serializers and parsers, so rows come back exactly as
 * `query()` gives them.
 *
 * The backend is one session: a transaction has it to itself from its first statement to its end (what arrives
 * meanwhile waits, in arrival order), and nothing else may call the PGlite instance.
 *
 * (PGlite in a worker thread, answering these exchanges, was tried: on two cores shared with the client, every
 * exchange of a transaction then waits for both threads to be scheduled — the transaction holding the one session
 * all the while — and under load it did no better than this thread doing the work itself, and sometimes far worse.)
 */

/** One round trip to the backend: protocol messages in, its answer out. */
export type RawExchange = (message: Uint8Array) => Uint8Array | Promise<Uint8Array>;

/** Named statements kept at most; past the bound a statement is parsed on each execution (unnamed, alone). */
export const MAX_NAMED_STATEMENTS = 1000;
/** Statements sent in one exchange at most. */
export const MAX_PIPELINE = 64;

type ValueParser = (text: string, typeId?: number) => unknown;
type ValueSerializer = (value: unknown) => string;

interface Column {
  readonly name: string;
  readonly typeId: number;
  readonly parse: ValueParser | undefined;
}

interface Statement {
  /** `''`: the unnamed statement (parsed again before each execution). */
  readonly name: string;
  readonly paramTypes: readonly number[];
  readonly columns: readonly Column[];
}

/** A statement waiting for its exchange: SQL with parameters, or (`simple`) a parameterless simple-protocol query. */
interface Call {
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly simple: boolean;
  readonly resolve: (rows: Record<string, unknown>[]) => void;
  readonly reject: (error: unknown) => void;
}

export interface WireSession extends Queryable {
  /** Runs `work` in one transaction (committed when it resolves, rolled back when it throws), the session its own. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs `work` alone on the session (nothing else reaches the backend meanwhile). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export function createWireSession(options: { exchange: RawExchange; parsers: Record<number | string, ValueParser>; serializers: Record<number | string, ValueSerializer> }): WireSession {
  const { exchange, parsers, serializers } = options;
  const statements = new Map<string, Statement>();
  let named = 0;

  async function send(messages: MessageWriter): Promise<Answer[]> {
    return readAnswers(await exchange(messages.bytes()));
  }

  function statementOf(name: string, answer: Answer): Statement {
    const columns = (answer.columns ?? []).map(({ name: column, typeId }) => ({ name: column, typeId, parse: parsers[typeId] }));
    return { name, paramTypes: answer.parameterTypes ?? [], columns };
  }

  function valuesOf(statement: Statement, params: readonly unknown[]): (string | null)[] {
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const write = serializers[statement.paramTypes[index]!];
      return write ? write(value) : String(value);
    });
  }

  function rowsOf(statement: Statement, answer: Answer): Record<string, unknown>[] {
    const { columns } = statement;
    return answer.rows.map((fields) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < columns.length; index++) {
        const column = columns[index]!;
        const text = fields[index] ?? null;
        row[column.name] = text === null ? null : column.parse ? column.parse(text, column.typeId) : text;
      }
      return row;
    });
  }

  /** Past the bound of named statements: parsed as the unnamed statement, then executed (two exchanges, alone). */
  async function runUnnamed(call: Call): Promise<void> {
    const [described] = await send(new MessageWriter().parse('', call.sql).describeStatement('').sync());
    if (!described || described.error) return call.reject(described?.error ?? new Error('The database did not answer.'));
    const statement = statementOf('', described);
    const [answer] = await send(new MessageWriter().bind('', valuesOf(statement, call.params)).execute().sync());
    if (!answer || answer.error) return call.reject(answer?.error ?? new Error('The database did not answer.'));
    call.resolve(rowsOf(statement, answer));
  }

  /**
   * Sends `calls` in as few exchanges as it takes: the statements not parsed yet are parsed (and described) in one,
   * then all of them run in one; `begin` puts BEGIN first. Settles every call; never throws.
   */
  async function pipeline(calls: readonly Call[], begin: boolean): Promise<void> {
    try {
      const fresh = new Map<string, string>();
      for (const call of calls) {
        if (call.simple || statements.has(call.sql) || fresh.has(call.sql) || statements.size + fresh.size >= MAX_NAMED_STATEMENTS) continue;
        fresh.set(call.sql, `lk${named++}`);
      }
      const failed = new Map<string, unknown>();
      if (fresh.size > 0) {
        const messages = new MessageWriter();
        if (begin) messages.query('BEGIN');
        for (const [sql, name] of fresh) messages.parse(name, sql).describeStatement(name).sync();
        const answers = await send(messages);
        if (begin) {
          const began = answers.shift();
          if (began?.error) throw began.error;
          begin = false;
        }
        for (const [sql, name] of fresh) {
          const answer = answers.shift();
          if (!answer || answer.error) failed.set(sql, answer?.error ?? new Error('The database did not answer.'));
          else statements.set(sql, statementOf(name, answer));
        }
      }
      const messages = new MessageWriter();
      if (begin) messages.query('BEGIN');
      const sent: { call: Call; statement: Statement | undefined }[] = [];
      const unnamed: Call[] = [];
      for (const call of calls) {
        if (failed.has(call.sql)) {
          call.reject(failed.get(call.sql));
          continue;
        }
        if (call.simple) {
          messages.query(call.sql);
          sent.push({ call, statement: undefined });
          continue;
        }
        const statement = statements.get(call.sql);
        if (!statement) {
          unnamed.push(call);
          continue;
        }
        let values: (string | null)[];
        try {
          values = valuesOf(statement, call.params);
        } catch (error) {
          call.reject(error);
          continue;
        }
        messages.bind(statement.name, values).execute().sync();
        sent.push({ call, statement });
      }
      if (sent.length > 0 || begin) {
        const answers = await send(messages);
        if (begin) {
          const began = answers.shift();
          if (began?.error) throw began.error;
        }
        for (const { call, statement } of sent) {
          const answer = answers.shift();
          if (!answer) call.reject(new Error('The database did not answer.'));
          else if (answer.error) call.reject(answer.error);
          // A simple query answers its command tags (COMMIT says ROLLBACK for an aborted transaction).
          else call.resolve(statement ? rowsOf(statement, answer) : answer.commands.map((command) => ({ command })));
        }
      }
      for (const call of unnamed) await runUnnamed(call);
    } catch (error) {
      // The exchange itself failed (or BEGIN did): every call still waiting gets the error.
      for (const call of calls) call.reject(error);
    }
  }

  // The session's queue: statements outside transactions, and whole units of work (transactions, `exclusive`).
  type Job = { call: Call } | { run: () => Promise<void> };
  const queue: Job[] = [];
  let pumping = false;

  async function pump(): Promise<void> {
    try {
      while (queue.length > 0) {
        const head = queue[0]!;
        if ('run' in head) {
          queue.shift();
          await head.run();
          continue;
        }
        const calls: Call[] = [];
        while (calls.length < MAX_PIPELINE && queue[0] && 'call' in queue[0]) calls.push((queue.shift() as { call: Call }).call);
        await pipeline(calls, false);
      }
    } finally {
      pumping = false;
    }
  }

  function enqueue(job: Job): void {
    queue.push(job);
    if (pumping) return;
    pumping = true;
    // Once the current task and its promise continuations are done (and the I/O already waiting, other requests
    // included, has been read): what they issue meanwhile goes together.
    setImmediate(() => void pump());
  }

  function call<Row extends object>(sql: string, params: readonly unknown[], simple: boolean, into: (job: Call) => void): Promise<Row[]> {
    return new Promise<Row[]>((resolve, reject) => into({ sql, params, simple, resolve: resolve as (rows: Record<string, unknown>[]) => void, reject }));
  }

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => enqueue({ run: () => work().then(resolve, reject) }));
  }

  async function inTransaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    let begun = false;
    let closed = false;
    let waiting: Call[] = [];
    let exchanges: Promise<void> = Promise.resolve();
    /** Every statement the work issued, and how it ended (`undefined`: not answered yet). */
    const outcomes: { failed?: boolean; error?: unknown }[] = [];
    const flush = () => {
      if (waiting.length === 0) return;
      const calls = waiting;
      waiting = [];
      const begin = !begun;
      begun = true;
      exchanges = exchanges.then(() => pipeline(calls, begin));
    };
    const into = (job: Call) => {
      if (closed) return job.reject(new Error('Transaction is closed'));
      const outcome: { failed?: boolean; error?: unknown } = {};
      outcomes.push(outcome);
      waiting.push({
        ...job,
        resolve: (rows) => {
          outcome.failed = false;
          job.resolve(rows);
        },
        reject: (error) => {
          Object.assign(outcome, { failed: true, error });
          job.reject(error);
        },
      });
      // After a few microtask turns, not the next turn of the event loop: the transaction holds the session, and
      // everything else waits for it.
      if (waiting.length === 1) afterTurns(GATHER_TURNS, flush);
    };
    const tx: Queryable = {
      query: <Row extends object>(sql: string, params: readonly unknown[] = []) => call<Row>(sql, params, false, into),
      exec: async (sql: string) => {
        await call(sql, [], true, into);
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      closed = true;
      // What was issued but has not gone out yet never goes (not outside the transaction either).
      for (const job of waiting.splice(0)) job.reject(new Error('Transaction is closed'));
      await exchanges;
      if (begun) await send(new MessageWriter().query('ROLLBACK'));
      throw error;
    }
    closed = true;
    if (!begun && waiting.length === 0) return result;
    // COMMIT goes right behind the statements the work issued and did not wait for (in the same exchange when they
    // have not gone out yet); one of them failing fails the transaction with its own error.
    const unanswered = outcomes.filter((outcome) => outcome.failed === undefined);
    const committed = new Promise<Record<string, unknown>[]>((resolve, reject) => waiting.push({ sql: 'COMMIT', params: [], simple: true, resolve, reject }));
    flush();
    const [commit] = await Promise.allSettled([committed, exchanges]);
    const failure = unanswered.find((outcome) => outcome.failed);
    if (failure) throw failure.error;
    if (commit.status === 'rejected') throw commit.reason;
    // COMMIT of a transaction a failed statement aborted (the work caught the error) rolls back: that is an error.
    if (commit.value.some((row) => row['command'] === 'ROLLBACK')) throw new TransactionAbortedError();
    return result;
  }

  return {
    query: <Row extends object>(sql: string, params: readonly unknown[] = []) => call<Row>(sql, params, false, (job) => enqueue({ call: job })),
    exec: async (sql: string) => {
      await call(sql, [], true, (job) => enqueue({ call: job }));
    },
    transaction: (work) => exclusive(() => inTransaction(work)),
    exclusive,
  };
}

/**
 * One exchange with a PGlite instance in this thread, its answer collected as raw bytes (`execProtocolRawSync` would
 * also run every answer through PGlite's own parser and keep the parsed messages, which nothing here reads and
 * nothing would clear).
 */
export async function pgliteExchange(pglite: PGlite, message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  await pglite.execProtocolRawStream(message, {
    // Nothing to sync: a PGlite folder (NodeFS) or memory is written through.
    syncToFs: false,
    onRawData: (bytes) => {
      // A view into the wasm memory: copied before the next write reuses it.
      chunks.push(bytes.slice());
      length += bytes.length;
    },
  });
  if (chunks.length === 1) return chunks[0]!;
  const answer = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    answer.set(chunk, offset);
    offset += chunk.length;
  }
  return answer;
}
