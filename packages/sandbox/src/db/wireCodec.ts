/**
 * The few PostgreSQL wire-protocol (v3) messages the PGlite session speaks: frontend `Parse`, `Describe`, `Bind`
 * (text format), `Execute`, `Sync` and `Query` written into one buffer; backend messages read from PGlite's answer.
 * Written for this use, not general: text formats only, the answer is always complete (PGlite answers a whole
 * exchange at once).
 */

/** A column of a statement's result (RowDescription). */
export interface ColumnDescription {
  readonly name: string;
  readonly typeId: number;
}

/** A backend ErrorResponse as an Error with PostgreSQL's fields (`code` is the SQLSTATE). */
export interface DatabaseErrorFields {
  severity?: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  routine?: string;
}

const ERROR_FIELDS: Record<string, keyof DatabaseErrorFields | 'message'> = {
  S: 'severity',
  C: 'code',
  M: 'message',
  D: 'detail',
  H: 'hint',
  P: 'position',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  R: 'routine',
};

/** Builds one buffer of frontend messages. */
export class MessageWriter {
  #buffer = Buffer.allocUnsafe(1024);
  #offset = 0;

  #ensure(bytes: number): void {
    if (this.#offset + bytes <= this.#buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.#buffer.length * 2, this.#offset + bytes));
    this.#buffer.copy(grown, 0, 0, this.#offset);
    this.#buffer = grown;
  }

  #int16(value: number): void {
    this.#ensure(2);
    this.#offset = this.#buffer.writeInt16BE(value, this.#offset);
  }

  #int32(value: number): void {
    this.#ensure(4);
    this.#offset = this.#buffer.writeInt32BE(value, this.#offset);
  }

  #cstring(text: string): void {
    const length = Buffer.byteLength(text);
    this.#ensure(length + 1);
    this.#offset += this.#buffer.write(text, this.#offset, 'utf8');
    this.#buffer[this.#offset++] = 0;
  }

  /** A message: its type byte, the body `write` appends, and the length in between. */
  #message(type: string, write: () => void): this {
    this.#ensure(5);
    this.#buffer[this.#offset] = type.charCodeAt(0);
    const start = this.#offset + 1;
    this.#offset += 5;
    write();
    this.#buffer.writeInt32BE(this.#offset - start, start);
    return this;
  }

  parse(name: string, sql: string): this {
    return this.#message('P', () => {
      this.#cstring(name);
      this.#cstring(sql);
      this.#int16(0);
    });
  }

  describeStatement(name: string): this {
    return this.#message('D', () => {
      this.#ensure(1);
      this.#buffer[this.#offset++] = 'S'.charCodeAt(0);
      this.#cstring(name);
    });
  }

  /** Bind to the unnamed portal, every parameter and result column in text format (`null`: SQL NULL). */
  bind(statement: string, values: readonly (string | null)[]): this {
    return this.#message('B', () => {
      this.#cstring('');
      this.#cstring(statement);
      this.#int16(0);
      this.#int16(values.length);
      for (const value of values) {
        if (value === null) {
          this.#int32(-1);
          continue;
        }
        const length = Buffer.byteLength(value);
        this.#int32(length);
        this.#ensure(length);
        this.#offset += this.#buffer.write(value, this.#offset, 'utf8');
      }
      this.#int16(0);
    });
  }

  /** Execute the unnamed portal to its end. */
  execute(): this {
    return this.#message('E', () => {
      this.#cstring('');
      this.#int32(0);
    });
  }

  sync(): this {
    return this.#message('S', () => undefined);
  }

  /** A simple-protocol query (one or more statements, no parameters). */
  query(sql: string): this {
    return this.#message('Q', () => this.#cstring(sql));
  }

  /** The messages written so far (a copy: the writer may be reused). */
  bytes(): Uint8Array {
    return new Uint8Array(this.#buffer.subarray(0, this.#offset));
  }
}

/** What one group of messages (up to and including its `Sync`, or one simple `Query`) was answered. */
export interface Answer {
  /** DataRow fields in order (text, `null` for SQL NULL). */
  readonly rows: (string | null)[][];
  /** CommandComplete tags, e.g. `COMMIT` (or `ROLLBACK` for an aborted transaction). */
  readonly commands: string[];
  /** ParameterDescription type ids, when asked for. */
  readonly parameterTypes: number[] | undefined;
  /** RowDescription columns, when asked for (`[]` for a statement without rows: NoData). */
  readonly columns: ColumnDescription[] | undefined;
  /** The first ErrorResponse. */
  readonly error: (Error & DatabaseErrorFields) | undefined;
}

function cstring(buffer: Buffer, offset: number): [string, number] {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

function readError(buffer: Buffer, start: number, end: number): Error & DatabaseErrorFields {
  const fields: Record<string, string> = {};
  let offset = start;
  while (offset < end && buffer[offset] !== 0) {
    const type = String.fromCharCode(buffer[offset]!);
    const [value, next] = cstring(buffer, offset + 1);
    const key = ERROR_FIELDS[type];
    if (key) fields[key] = value;
    offset = next;
  }
  const { message = 'Unknown database error', ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

function emptyAnswer(): { rows: (string | null)[][]; commands: string[]; parameterTypes: number[] | undefined; columns: ColumnDescription[] | undefined; error: (Error & DatabaseErrorFields) | undefined } {
  return { rows: [], commands: [], parameterTypes: undefined, columns: undefined, error: undefined };
}

/**
 * Reads every backend message of an exchange's answer, one `Answer` per ReadyForQuery (each `Sync` and each simple
 * `Query` ends with one), in order.
 */
export function readAnswers(bytes: Uint8Array): Answer[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const answers: Answer[] = [];
  let current = emptyAnswer();
  let offset = 0;
  while (offset + 5 <= buffer.length) {
    const type = buffer[offset]!;
    const end = offset + 1 + buffer.readInt32BE(offset + 1);
    let at = offset + 5;
    switch (type) {
      case 0x44: {
        // D: DataRow
        const count = buffer.readInt16BE(at);
        at += 2;
        const row: (string | null)[] = new Array(count);
        for (let index = 0; index < count; index++) {
          const length = buffer.readInt32BE(at);
          at += 4;
          if (length < 0) {
            row[index] = null;
          } else {
            row[index] = buffer.toString('utf8', at, at + length);
            at += length;
          }
        }
        current.rows.push(row);
        break;
      }
      case 0x43: // C: CommandComplete
        current.commands.push(cstring(buffer, at)[0]);
        break;
      case 0x74: {
        // t: ParameterDescription
        const count = buffer.readInt16BE(at);
        current.parameterTypes = [];
        for (let index = 0; index < count; index++) current.parameterTypes.push(buffer.readUInt32BE(at + 2 + index * 4));
        break;
      }
      case 0x54: {
        // T: RowDescription
        const count = buffer.readInt16BE(at);
        at += 2;
        current.columns = [];
        for (let index = 0; index < count; index++) {
          const [name, next] = cstring(buffer, at);
          current.columns.push({ name, typeId: buffer.readUInt32BE(next + 6) });
          at = next + 18;
        }
        break;
      }
      case 0x6e: // n: NoData
        current.columns = [];
        break;
      case 0x45: // E: ErrorResponse
        current.error ??= readError(buffer, at, end);
        break;
      case 0x5a: // Z: ReadyForQuery
        answers.push(current);
        current = emptyAnswer();
        break;
      default:
      // ParseComplete, BindComplete, EmptyQueryResponse, notices, parameter status: nothing to keep.
    }
    offset = end;
  }
  return answers;
}
