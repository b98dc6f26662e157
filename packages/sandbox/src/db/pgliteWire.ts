import { TransactionAbortedError, type PGlite } from '@electric-sql/pglite';
import type { Queryable } from './database.js';
import { MessageWriter, readAnswer, type Answer } from './wireCodec.js';

/**
 * PGlite over the PostgreSQL wire protocol, one exchange per statement. PGlite's own `query()` makes six calls into
 * the wasm backend per statement (parse, describe, bind, describe, execute, sync), each parsing its answer, and parses
 * and plans the SQL text every time. Here a statement is parsed once under a name (`Parse` + `Describe`, its parameter
 * and result types kept), and every execution is one message — `Bind` + `Execute` + `Sync` — and one answer; a
 * transaction's `BEGIN` travels with its first statement. Values are written and read with PGlite's own serializers
 * and parsers, so rows come back exactly as `query()` gives them.
 *
 * The backend is one session: a `WireSession` lets one thing at a time use it (FIFO), a transaction for its whole
 * length; nothing else may call the PGlite instance meanwhile.
 */

/** One round trip to the backend: protocol messages in, its answer out. */
export type RawExchange = (message: Uint8Array) => Uint8Array | Promise<Uint8Array>;

/** Named statements kept at most; past the bound a statement is parsed on each execution (unnamed). */
export const MAX_NAMED_STATEMENTS = 1000;

type ValueParser = (text: string, typeId: number) => unknown;
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

export interface WireSession extends Queryable {
  /** Runs `work` alone on the session, in one transaction (committed when it resolves, rolled back when it throws). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs `work` alone on the session (nothing else reaches the backend meanwhile). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export function createWireSession(options: { exchange: RawExchange; parsers: Record<number | string, ValueParser>; serializers: Record<number | string, ValueSerializer> }): WireSession {
  const { exchange, parsers, serializers } = options;
  const statements = new Map<string, Statement>();
  /** Inside a transaction whose `BEGIN` has not been sent yet: it goes with the next exchange. */
  let beginPending = false;

  /** A writer for the next exchange (starting with the pending `BEGIN`, if any). */
  function writer(): MessageWriter {
    const messages = new MessageWriter();
    if (beginPending) {
      messages.query('BEGIN');
      beginPending = false;
    }
    return messages;
  }

  /** Sends the messages; the answer's first error is thrown once the whole answer is read. */
  async function roundTrip(messages: MessageWriter): Promise<Answer> {
    const answer = readAnswer(await exchange(messages.bytes()));
    if (answer.error) throw answer.error;
    return answer;
  }

  async function prepare(sql: string, name: string): Promise<Statement> {
    const answer = await roundTrip(writer().parse(name, sql).describeStatement(name).sync());
    const columns = (answer.columns ?? []).map(({ name: column, typeId }) => ({ name: column, typeId, parse: parsers[typeId] }));
    return { name, paramTypes: answer.parameterTypes ?? [], columns };
  }

  async function statementFor(sql: string): Promise<Statement> {
    const known = statements.get(sql);
    if (known) return known;
    if (statements.size >= MAX_NAMED_STATEMENTS) return prepare(sql, '');
    const statement = await prepare(sql, `lk${statements.size}`);
    statements.set(sql, statement);
    return statement;
  }

  async function run<Row extends object>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const statement = await statementFor(sql);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const write = serializers[statement.paramTypes[index]!];
      return write ? write(value) : String(value);
    });
    const answer = await roundTrip(writer().bind(statement.name, values).execute().sync());
    const { columns } = statement;
    return answer.rows.map((fields) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < columns.length; index++) {
        const column = columns[index]!;
        const text = fields[index] ?? null;
        row[column.name] = text === null ? null : column.parse ? column.parse(text, column.typeId) : text;
      }
      return row as Row;
    });
  }

  async function exec(sql: string): Promise<void> {
    await roundTrip(writer().query(sql));
  }

  // One user of the backend at a time, in arrival order.
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = tail.then(work);
    tail = result.catch(() => undefined);
    return result;
  }

  async function inTransaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    beginPending = true;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Queryable = {
      query: async <Row extends object>(sql: string, params: readonly unknown[] = []) => {
        open();
        return run<Row>(sql, params);
      },
      exec: async (sql: string) => {
        open();
        await exec(sql);
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      closed = true;
      // Nothing to undo when not a statement was sent.
      if (beginPending) beginPending = false;
      else await roundTrip(new MessageWriter().query('ROLLBACK'));
      throw error;
    } finally {
      closed = true;
    }
    if (beginPending) {
      beginPending = false;
      return result;
    }
    const answer = await roundTrip(new MessageWriter().query('COMMIT'));
    // COMMIT of a transaction a failed statement aborted (the work caught the error) rolls back: that is an error.
    if (answer.commands.includes('ROLLBACK')) throw new TransactionAbortedError();
    return result;
  }

  return {
    query: <Row extends object>(sql: string, params: readonly unknown[] = []) => exclusive(() => run<Row>(sql, params)),
    exec: (sql: string) => exclusive(() => exec(sql)),
    transaction: (work) => exclusive(() => inTransaction(work)),
    exclusive,
  };
}

/** A wire session on a PGlite instance (which nothing else may use meanwhile). */
export function pgliteWireSession(pglite: PGlite): WireSession {
  return createWireSession({ exchange: (message) => pglite.execProtocolRawSync(message), parsers: pglite.parsers, serializers: pglite.serializers });
}
