import { randomBytes } from 'node:crypto';
import { signInResponseSchema, type SignInResponse } from '@latchkey/protocol';
import pg from 'pg';
import { inject } from 'vitest';
import { POSTGRES_TEMPLATE_DATABASE } from './postgresSetup.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../startSandbox.js';
import type { InboxMessage } from '../services/inbox/inbox.js';

/** A clock tests move by hand; starts at the real time. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  /**
   * From now on every read moves the clock on by `ms` after it is read (0, the default, stops it): two parts of the
   * sandbox that read it one after the other see different times, as on a slow machine.
   */
  tickEachRead(ms: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  let tick = 0;
  return {
    now: () => {
      const now = new Date(Date.now() + offset);
      offset += tick;
      return now;
    },
    advance(ms) {
      offset += ms;
    },
    tickEachRead(ms) {
      tick = ms;
    },
  };
}

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestSandbox {
  sandbox: Sandbox;
  clock: TestClock;
  /** `{url}/api/v0/sdk/{environmentId}` */
  sdk: string;
  /** A request to a product route (path relative to `sdk`) or, with a leading `/sandbox`, a sandbox route. */
  call<T = any>(method: string, path: string, options?: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> }): Promise<HttpResult<T>>;
  inbox(to: string): Promise<InboxMessage[]>;
  /** create → read the code from the inbox → signin. */
  signIn(email: string): Promise<SignInResponse & { jwt: string }>;
  /** The same, answered as the wire schema parses it: with MFA on, an `mfaToken` and no `jwt`. */
  primarySignIn(email: string): Promise<SignInResponse>;
  close(): Promise<void>;
}

/**
 * In the PostgreSQL run of the suite (`vitest.postgres.config.ts`), a fresh database copied from the migrated
 * template for one test sandbox, and how to drop it.
 */
export async function freshPostgresDatabase(clusterUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sandbox_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: clusterUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE_DATABASE}`);
  return { url: clusterUrl.replace(/\/postgres$/, `/${name}`), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A sandbox on a free port with a hand-driven clock (one per test file): in memory (PGlite), or — in the PostgreSQL
 * run, when the options name no storage — on its own fresh PostgreSQL database.
 */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const clock = createTestClock();
  const clusterUrl = options.dataDir === undefined && options.databaseUrl === undefined ? inject('sandboxPostgresUrl') : undefined;
  const database = clusterUrl ? await freshPostgresDatabase(clusterUrl) : undefined;
  // Every creation of one-time state sweeps (not one in SWEEP_ONE_IN at random): the sweeps run in every flow's tests,
  // and none depends on chance.
  // The periodic end of ended sessions' custody keys runs only where a test asks for it (endedSessionKeys.test.ts): on a
  // timer of its own it would act mid-test on whatever clock the test has set.
  const sandbox = await startSandbox({ port: 0, dataDir: 'memory', quiet: true, now: clock.now, sweepOneIn: 1, endedSessionKeysEveryMs: 0, ...(database ? { databaseUrl: database.url } : {}), ...options });
  const sdk = `${sandbox.url}/api/v0/sdk/${sandbox.info.environmentId}`;

  const call: TestSandbox['call'] = async (method, path, options = {}) => {
    const url = path.startsWith('/sandbox') || path.startsWith('/api') ? `${sandbox.url}${path}` : `${sdk}${path}`;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as any, headers: response.headers };
  };

  const inbox = async (to: string) => (await call<InboxMessage[]>('GET', `/sandbox/inbox?to=${encodeURIComponent(to)}`)).body;
  const emailSignIn = async (email: string) => {
    const created = await call('POST', '/emailVerifications/create', { body: { email } });
    if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
    const [message] = await inbox(email);
    const signedIn = await call('POST', '/emailVerifications/signin', {
      body: { verificationUUID: created.body.verificationUUID, verificationToken: message?.code },
    });
    if (signedIn.status !== 200) throw new Error(`signin failed: ${JSON.stringify(signedIn.body)}`);
    return signedIn.body;
  };

  return {
    sandbox,
    clock,
    sdk,
    call,
    inbox,
    signIn: (email) => emailSignIn(email),
    primarySignIn: async (email) => signInResponseSchema.parse(await emailSignIn(email)),
    close: async () => {
      await sandbox.close();
      await database?.drop();
    },
  };
}
