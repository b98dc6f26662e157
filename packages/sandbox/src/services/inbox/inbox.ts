import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

/** One message the sandbox "sent" (DESIGN.md "Sandbox contract"). */
export interface InboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  code: string | null;
  sentAt: string;
}

/** The inbox keeps this many messages per environment; older ones are dropped. */
export const INBOX_RETENTION = 1000;
/** Old messages are dropped once every this many deliveries. */
export const INBOX_TRIM_EVERY = 50;
/** At most this many messages per listing. */
export const INBOX_PAGE_SIZE = 200;

interface InboxRow {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  sent_at: Date;
}

/** Drops what is past `INBOX_RETENTION` once every `INBOX_TRIM_EVERY` messages (`seq`: the newest message's). */
export async function trimInbox(q: Queryable, environmentId: string, seq: number | string | undefined): Promise<void> {
  // Trimmed every `INBOX_TRIM_EVERY` messages, not on each (the inbox keeps at most that many more in between).
  if (Number(seq ?? 0) % INBOX_TRIM_EVERY !== 0) return;
  await q.query(
    `DELETE FROM inbox_messages WHERE environment_id = $1 AND seq <= (
       SELECT seq FROM inbox_messages WHERE environment_id = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)`,
    [environmentId, INBOX_RETENTION],
  );
}

/**
 * `deliver` inside a statement of the caller's own: the CTE `message` inserts it when `pass` (an SQL boolean) holds,
 * answering its `seq` (for `trimInbox`).
 */
export function deliveryCte(
  environmentId: string,
  message: { channel: 'email' | 'sms'; to: string; subject: string; text: string; code: string | null; now: Date },
  param: (value: unknown) => string,
  pass: string,
): string {
  const values = [randomUUID(), environmentId, message.channel, message.to, message.subject, message.text, message.code, message.now.toISOString()].map(param);
  return `message AS (
       INSERT INTO inbox_messages (id, environment_id, channel, recipient, subject, body, code, sent_at)
       SELECT ${values[0]}::uuid, ${values[1]}::text, ${values[2]}::text, ${values[3]}::text, ${values[4]}::text, ${values[5]}::text, ${values[6]}::text, ${values[7]}::timestamptz
       WHERE ${pass} RETURNING seq
     )`;
}

export async function deliver(
  q: Queryable,
  environmentId: string,
  message: { channel: 'email' | 'sms'; to: string; subject: string; text: string; code: string | null; now: Date },
): Promise<void> {
  const [inserted] = await q.query<{ seq: number | string }>(
    `INSERT INTO inbox_messages (id, environment_id, channel, recipient, subject, body, code, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING seq`,
    [randomUUID(), environmentId, message.channel, message.to, message.subject, message.text, message.code, message.now.toISOString()],
  );
  await trimInbox(q, environmentId, inserted?.seq);
}

/**
 * The recipient as stored: e-mail addresses in lower case; a phone number whose `+` arrived as a
 * space in an unencoded query (`?to=+1415…`) gets it back.
 */
export function normalizeRecipient(to: string): string {
  const trimmed = to.trim().toLowerCase();
  return /^\d{5,15}$/.test(trimmed) ? `+${trimmed}` : trimmed;
}

/** Newest first; all recipients when `to` is undefined. */
export async function listInbox(q: Queryable, environmentId: string, to?: string): Promise<InboxMessage[]> {
  const rows = to
    ? await q.query<InboxRow>(
        'SELECT id, channel, recipient, subject, body, code, sent_at FROM inbox_messages WHERE environment_id = $1 AND recipient = $2 ORDER BY seq DESC LIMIT $3',
        [environmentId, normalizeRecipient(to), INBOX_PAGE_SIZE],
      )
    : await q.query<InboxRow>('SELECT id, channel, recipient, subject, body, code, sent_at FROM inbox_messages WHERE environment_id = $1 ORDER BY seq DESC LIMIT $2', [environmentId, INBOX_PAGE_SIZE]);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    code: row.code,
    sentAt: row.sent_at.toISOString(),
  }));
}
