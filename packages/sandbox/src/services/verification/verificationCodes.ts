import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ProjectSettings } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import { deliver, deliveryCte, trimInbox } from '../inbox/inbox.js';
import type { CodeChannel } from './CodeChannel.js';
import { codeSendRules, consumeRateLimits, rateLimitParts, type WindowCount } from '../rateLimits/rateLimits.js';
import { accessGateParts } from '../wallets/accessList.js';
import { clientPseudonym } from '../privacy/clientAddress.js';
import { sweepCodeRecords } from './sweepCodeRecords.js';
import { identityLockSql } from '../users/userLocks.js';

/**
 * The life of a one-time code, the same for every channel: created and sent, sent again (a new code, at most
 * `maxSends` sends), checked (a wrong code counts; the `maxWrongCodes`-th burns the verification), consumed once.
 */
type AnyChannel = CodeChannel<never, never>;

interface VerificationRow {
  id: string;
  recipient: string;
  code_hash: string;
  status: 'pending' | 'used' | 'burnt';
  failed_attempts: number;
  sends: number;
  expires_at: Date;
}

export interface CodeInput {
  verificationUUID: string;
  verificationToken: string;
}

function hashCode(channel: AnyChannel, verificationId: string, code: string): string {
  return createHash('sha256').update(`${channel.hashPrefix}${verificationId}:${code}`).digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function invalid(channel: AnyChannel): ApiError {
  return new ApiError(400, channel.errors.invalid, messages.invalidVerification);
}

function tooManyAttempts(channel: AnyChannel): ApiError {
  return new ApiError(429, channel.errors.tooManyAttempts, channel.errors.tooManyAttemptsMessage);
}

/** Who a code message comes from: for e-mail `general.emailCompanyName` first, then the project's display name. */
function senderName(settings: ProjectSettings, channel: AnyChannel): string {
  const company = channel.channel === 'email' ? settings.general.emailCompanyName?.trim() : undefined;
  return company || settings.general.displayName || 'Latchkey';
}

async function sendCode(ctx: SandboxContext, q: Queryable, channel: AnyChannel, app: string, to: string, code: string): Promise<void> {
  await deliver(q, ctx.environmentId, { channel: channel.channel, to, ...channel.message(app, code), code, now: ctx.now() });
}

/** POST /{channel}Verifications/create: a new verification, its code sent to the inbox (within the send limits per recipient and client). */
export async function createVerification<C>(
  ctx: SandboxContext,
  channel: CodeChannel<C, never>,
  input: C,
  client: { address?: string | undefined } = {},
): Promise<{ verificationUUID: string }> {
  const settings = await ctx.settings.get();
  const { recipient, columns = {} } = channel.acceptCreate(settings, input);
  const id = randomUUID();
  const code = newCode();
  const now = ctx.now();
  const row = {
    id,
    environment_id: ctx.environmentId,
    [channel.recipientColumn]: recipient,
    ...columns,
    code_hash: hashCode(channel, id, code),
    status: 'pending',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + channel.ttlMs).toISOString(),
  };
  // One statement does it all, after the one taking the send limits' locks, and COMMIT goes right behind them (one
  // round trip; the locks are held only for that): the access gate (a blocked or not approved address gets no code),
  // the send limits' windows, and — only when both allow — the events, the verification and its message.
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const gate = accessGateParts([recipient], param, ctx.environmentId);
  const limits = rateLimitParts(ctx, codeSendRules(settings, channel, recipient, client.address && clientPseudonym(ctx.mpc, client.address)), param);
  const pass = `(${gate.allowed} AND ${limits.room})`;
  const message = { channel: channel.channel, to: recipient, ...channel.message(senderName(settings, channel), code), code, now };
  const outcome = await ctx.db.transaction(async (tx) => {
    void tx.query(limits.lock.sql, limits.lock.params).catch(() => undefined /* fails the transaction with its error */);
    const created = tx.query<{ gate_blocked: boolean; gate_not_approved: boolean; windows: WindowCount[]; seq: number | string | null }>(
      `WITH ${gate.cte}, ${limits.ctes}, ${limits.record(pass)},
       verification AS (
         INSERT INTO ${channel.table} (${Object.keys(row).join(', ')})
         SELECT ${Object.keys(row).join(', ')} FROM jsonb_populate_record(NULL::${channel.table}, ${param(JSON.stringify(row))}::jsonb) WHERE ${pass}
       ), ${deliveryCte(ctx.environmentId, message, param, pass)}
       SELECT ${gate.columns}, ${limits.columns}, (SELECT seq FROM message) AS seq`,
      params,
    );
    return { created };
  });
  const [result] = await outcome.created;
  const refusal = gate.refusal(result!, channel.profileKey) ?? limits.refusal(result!.windows);
  if (refusal) throw refusal;
  await Promise.all([trimInbox(ctx.db, ctx.environmentId, result!.seq ?? undefined), sweepCodeRecords(ctx.db, ctx.environmentId, now, result!.seq)]);
  return { verificationUUID: id };
}

async function lockVerification(ctx: SandboxContext, q: Queryable, channel: AnyChannel, id: string, options: { identity?: boolean } = {}): Promise<VerificationRow | undefined> {
  // With `identity`, the recipient's credential lock too (`identityLockSql`), in the same statement: the statements
  // after it — a sign-in that may create the recipient's user, an addition of the address — see any that committed.
  const identity = options.identity ? `, ${identityLockSql('$1', '$3', channel.recipientColumn)} AS identity_locked` : '';
  const rows = await q.query<VerificationRow>(
    `SELECT id, ${channel.recipientColumn} AS recipient, code_hash, status, failed_attempts, sends, expires_at${identity} FROM ${channel.table}
     WHERE environment_id = $1 AND id = $2 FOR UPDATE`,
    options.identity ? [ctx.environmentId, id, channel.credentialFormat] : [ctx.environmentId, id],
  );
  return rows[0];
}

/** POST /{channel}Verifications/retry: a new code for the same verification and recipient (the old one stops working). */
export async function retryVerification<R extends { verificationUUID: string }>(
  ctx: SandboxContext,
  channel: CodeChannel<never, R>,
  input: R,
  client: { address?: string | undefined } = {},
): Promise<{ verificationUUID: string }> {
  const settings = await ctx.settings.get();
  const recipient = channel.acceptRetry(settings, input);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockVerification(ctx, tx, channel, input.verificationUUID);
    if (!row || row.recipient !== recipient || row.status === 'used') throw invalid(channel);
    if (row.status === 'burnt') throw tooManyAttempts(channel);
    if (row.sends >= channel.maxSends) throw new ApiError(429, 'too_many_requests', messages.rateLimit);
    const code = newCode();
    await tx.query(`UPDATE ${channel.table} SET code_hash = $2, expires_at = $3, failed_attempts = 0, sends = sends + 1 WHERE id = $1`, [
      row.id,
      hashCode(channel, row.id, code),
      new Date(now.getTime() + channel.ttlMs).toISOString(),
    ]);
    await sendCode(ctx, tx, channel, senderName(settings, channel), recipient, code);
    // Last, so its locks are held only to the commit; a full window rolls the new code and its message back.
    await consumeRateLimits(ctx, tx, codeSendRules(settings, channel, recipient, client.address && clientPseudonym(ctx.mpc, client.address)));
  });
  return { verificationUUID: input.verificationUUID };
}

type CodeCheck = { ok: true; recipient: string; used: Promise<unknown> } | { ok: false; error: ApiError };

/**
 * Checks a code, at `now`, against its verification row, locked (`locked`: the statement, already issued) inside the
 * caller's transaction. A right code marks the verification used (`used`: that statement, issued but not awaited, so
 * that what the caller does next goes in the same round trip); a wrong one counts an attempt (and burns it at the
 * limit). Failures are returned, not thrown, so the caller commits the attempt count before reporting the error.
 */
async function consumeCode(tx: Queryable, channel: AnyChannel, input: CodeInput, locked: Promise<VerificationRow | undefined>, now: Date): Promise<CodeCheck> {
  const row = await locked;
  if (!row) return { ok: false, error: invalid(channel) };
  if (row.status === 'burnt') return { ok: false, error: tooManyAttempts(channel) };
  if (row.status === 'used' || row.expires_at.getTime() <= now.getTime()) return { ok: false, error: invalid(channel) };
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(channel, row.id, input.verificationToken.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const failed = row.failed_attempts + 1;
    const burnt = failed >= channel.maxWrongCodes;
    await tx.query(`UPDATE ${channel.table} SET failed_attempts = $2, status = $3 WHERE id = $1`, [row.id, failed, burnt ? 'burnt' : 'pending']);
    return { ok: false, error: burnt ? tooManyAttempts(channel) : new ApiError(400, channel.errors.wrongCode, messages.wrongCode, 'verificationToken') };
  }
  const used = tx.query(`UPDATE ${channel.table} SET status = 'used', used_at = $2 WHERE id = $1`, [row.id, now.toISOString()]);
  return { ok: true, recipient: row.recipient, used };
}

/**
 * The verification a code names, for statements sent with its lock, before the code is checked (`withVerifiedCode`'s
 * `alongside`): `from(param)` is a SELECT of its `recipient` that yields a row only when the code is right (pending,
 * unexpired at `now`, the hash of the code given) — what the check after it decides. Such a statement runs after the
 * lock: a concurrent use of the same code waits for it, then finds the verification used and yields no row.
 */
export interface CodeClaim {
  readonly now: Date;
  from(param: (value: unknown) => string): string;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/**
 * Consumes the code and runs `then` with its recipient, in one transaction. A wrong code's count is committed
 * before its error is thrown; an error thrown by `then` rolls everything back (the code is not consumed).
 * `alongside` is sent in the same round trip as the verification's lock (say, what `then` will need, or — through
 * `claim` — what a right code will do), and handed to `then`.
 */
export async function withVerifiedCode<T, A = undefined>(
  ctx: SandboxContext,
  channel: AnyChannel,
  input: CodeInput,
  then: (tx: Queryable, recipient: string, alongside: NoInfer<A>) => Promise<T>,
  alongside?: (tx: Queryable, claim: CodeClaim) => Promise<A>,
): Promise<T> {
  const now = ctx.now();
  const claim: CodeClaim = {
    now,
    from: (param) =>
      `SELECT ${channel.recipientColumn} AS recipient FROM ${channel.table} WHERE environment_id = ${param(ctx.environmentId)} AND id = ${param(input.verificationUUID)}::uuid
       AND status = 'pending' AND expires_at > ${param(now.toISOString())}::timestamptz
       AND code_hash = ${param(hashCode(channel, input.verificationUUID.toLowerCase(), input.verificationToken.trim()))}`,
  };
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome<T>> => {
    // The lock goes first: whatever `alongside` sends runs once the verification is this transaction's.
    const locked = lockVerification(ctx, tx, channel, input.verificationUUID, { identity: true });
    // Settled by consumeCode; not left unhandled meanwhile.
    locked.catch(() => undefined);
    const read = alongside?.(tx, claim);
    // Settled below; not left unhandled when the code is wrong.
    read?.catch(() => undefined);
    // The check waits for `alongside`'s answers too (they come in the lock's round trip): what a right code sends next
    // — marking it used, then `then`'s statements — goes out in one write.
    await read?.catch(() => undefined);
    const check = await consumeCode(tx, channel, input, locked, now);
    if (!check.ok) {
      await read?.catch(() => undefined);
      return check;
    }
    // Not waited for: the transaction's COMMIT goes out right behind it (and fails with its error, should it fail).
    check.used.catch(() => undefined);
    const value = await (read?.then((extra) => then(tx, check.recipient, extra)) ?? then(tx, check.recipient, undefined as A));
    return { ok: true, value };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
