import * as z from 'zod/mini';
import { createLatchkeyClient, type LatchkeyClient, type LatchkeyClientConfig } from '../core/client/createLatchkeyClient.js';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { describeIssues } from '../core/errors/toLatchkeyError.js';
import { toLatchkeyErrorLazily } from '../core/errors/toLatchkeyErrorLazily.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';

/** GET /sandbox/info (DESIGN.md "Sandbox contract"). */
export const sandboxInfoSchema = z.object({
  environmentId: z.string().check(z.minLength(1)),
  apiBaseUrl: z.string().check(z.minLength(1)),
  custodyBaseUrl: z.string(),
  solanaRpcUrl: z.string(),
  solanaWsUrl: z.string(),
  oauthIssuer: z.string(),
  inboxUrl: z.string(),
  /** The MPC ceremonies' socket (JSON-RPC 2.0 over WebSocket). */
  mpcSocketUrl: z.optional(z.string()),
  /** The cloud-drive emulator (MPC backups). */
  cloudDriveUrl: z.optional(z.string()),
  /** The captcha emulator (widget script at `/1/api.js`). */
  captchaUrl: z.optional(z.string()),
});
export type SandboxInfo = z.infer<typeof sandboxInfoSchema>;

/** One entry of GET /sandbox/inbox. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.optional(z.string()),
  text: z.string(),
  code: z.optional(z.nullable(z.string())),
  sentAt: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

interface SandboxOptions {
  /** The sandbox origin, e.g. `http://127.0.0.1:4010`. */
  sandboxUrl: string;
  fetch?: typeof fetch;
}

async function getJson<T>(options: SandboxOptions, path: string, schema: z.ZodMiniType<T>): Promise<T> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let body: unknown;
  try {
    const response = await doFetch(new URL(path, options.sandboxUrl), { headers: { accept: 'application/json' } });
    if (!response.ok) throw response;
    body = await response.json();
  } catch (error) {
    throw await toLatchkeyErrorLazily(error);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new LatchkeyError('invalid_response', { path: describeIssues(parsed.error.issues).path, cause: parsed.error });
  }
  return parsed.data;
}

/** What a sandbox says about itself: environment id, API base URL and the other origins. */
export function getSandboxInfo(options: SandboxOptions): Promise<SandboxInfo> {
  return getJson(options, '/sandbox/info', sandboxInfoSchema);
}

/** Every e-mail and SMS the sandbox sent to `to`, newest first. */
export function getInboxMessages(options: SandboxOptions & { to: string }): Promise<InboxMessage[]> {
  return getJson(options, `/sandbox/inbox?to=${encodeURIComponent(options.to)}`, z.array(inboxMessageSchema));
}

/** The newest one-time code sent to `to`; `not_found` when none was sent. */
export async function getLatestCode(options: SandboxOptions & { to: string }): Promise<string> {
  const messages = await getInboxMessages(options);
  const code = messages.find((message) => message.code)?.code;
  if (!code) throw new LatchkeyError('not_found', { message: `No code was sent to ${options.to}` });
  return code;
}

export interface CreateTestClientOptions extends SandboxOptions, Partial<Omit<LatchkeyClientConfig, 'fetch'>> {}

/**
 * A client pointed at a running sandbox (its environment id and API base URL come from
 * /sandbox/info), with in-memory storage, no console output and no log delivery unless asked.
 */
export async function createTestClient(options: CreateTestClientOptions): Promise<LatchkeyClient> {
  const { sandboxUrl, ...overrides } = options;
  const info = await getSandboxInfo({ sandboxUrl, fetch: options.fetch });
  return createLatchkeyClient({
    storage: createMemoryStorage(),
    console: false,
    sendLogs: false,
    ...overrides,
    environmentId: overrides.environmentId ?? info.environmentId,
    apiBaseUrl: overrides.apiBaseUrl ?? info.apiBaseUrl,
  });
}
