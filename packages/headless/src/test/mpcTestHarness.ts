import { IDBFactory } from 'fake-indexeddb';
import { waitFor } from 'xstate';
import WebSocket from 'ws';
import { createTestClient, getLatestCode } from '../testing/sandbox.js';
import { createEmailVerification } from '../core/actions/createEmailVerification.js';
import { signInWithEmailVerification } from '../core/actions/signInWithEmailVerification.js';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { getSessionStatus } from '../core/machines/session/sessionMachine.js';
import type { WebSocketConstructor, WebSocketLike } from '../core/machines/socket/socketMachine.js';
import type { CloudDrive, CloudDriveProvider } from '../core/mpc/cloudDrive.js';
import { createIndexedDbShareVaultStore, type ShareVaultStore } from '../core/mpc/shareVault.js';
// The sandbox itself, one per test file: these tests turn MPC wallets on and must not race other files' settings.
import { startTestSandbox, type TestSandbox } from '../../../sandbox/src/test/testSandbox.js';

export { startTestSandbox, type TestSandbox };

/** A signed-in Latchkey client of `t` (by e-mail), with MPC wallets on. */
export async function signedInClient(t: TestSandbox, email: string): Promise<LatchkeyClient> {
  await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { waas: { enabled: true, backupOptions: ['googleDrive', 'icloud'] } } } });
  const client = await createTestClient({ sandboxUrl: t.sandbox.url });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  const { verificationUUID } = await createEmailVerification(client, { email });
  const response = await signInWithEmailVerification(client, { verificationUUID, verificationToken: await getLatestCode({ sandboxUrl: t.sandbox.url, to: email }) });
  client.session.send({ type: 'server.signedIn', response });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
  return client;
}

/** A fresh browser profile's IndexedDB, as the vault sees it. */
export function freshDevice(): { store: ShareVaultStore; indexedDB: IDBFactory } {
  const indexedDB = new IDBFactory();
  return { indexedDB, store: createIndexedDbShareVaultStore({ indexedDB }) };
}

/**
 * The cloud-drive emulator driven without a browser: the popup's journey (connect → OIDC sign-in form →
 * callback page) done with fetch, then the drive's file API — what the kit's popup drive does in a page.
 */
export function nodeCloudDrive(t: TestSandbox, email: string): CloudDrive {
  const drive = t.sandbox.info.cloudDriveUrl;
  const tokens = new Map<CloudDriveProvider, string>();
  async function token(provider: CloudDriveProvider): Promise<string> {
    const cached = tokens.get(provider);
    if (cached) return cached;
    const start = await fetch(`${drive}/connect?provider=${provider}&origin=${encodeURIComponent('http://localhost:5173')}&login_hint=${encodeURIComponent(email)}`, { redirect: 'manual' });
    const signin = new URL(start.headers.get('location') ?? '');
    const authorize = new URL('/authorize', signin);
    for (const [key, value] of signin.searchParams) authorize.searchParams.set(key, value);
    const back = await fetch(authorize, { redirect: 'manual' });
    const html = await (await fetch(back.headers.get('location') ?? '')).text();
    const found = html.match(/data-token="([^"]+)"/)?.[1];
    if (!found) throw new Error('the drive gave no token');
    tokens.set(provider, found);
    return found;
  }
  return {
    async read(provider, name) {
      const response = await fetch(`${drive}/drive/v1/${provider}/files/${name}`, { headers: { authorization: `Bearer ${await token(provider)}` } });
      return response.status === 404 ? undefined : response.text();
    },
    async write(provider, name, content) {
      const response = await fetch(`${drive}/drive/v1/${provider}/files/${name}`, { method: 'PUT', headers: { authorization: `Bearer ${await token(provider)}` }, body: content });
      if (!response.ok) throw new Error(`drive: ${response.status}`);
    },
  };
}

/** What a socket sent, as parsed JSON-RPC requests. */
export interface SocketLog {
  sent: { method: string; params: any; id: number }[];
}

/**
 * `ws` as the kit's socket sees a browser WebSocket, logging what it sends; `dropBefore(request)` true:
 * the connection dies instead of sending that request (a network drop at exactly that moment).
 */
export function loggingWebSocket(log: SocketLog, dropBefore: (request: { method: string; params: any }) => boolean = () => false): WebSocketConstructor {
  return class LoggingWebSocket implements WebSocketLike {
    private readonly inner: WebSocket;
    onopen: ((event: unknown) => void) | null = null;
    onclose: ((event: { code: number; reason: string }) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    constructor(url: string) {
      this.inner = new WebSocket(url);
      this.inner.onopen = (event) => this.onopen?.(event);
      this.inner.onclose = (event) => this.onclose?.({ code: event.code, reason: event.reason });
      this.inner.onmessage = (event) => this.onmessage?.({ data: event.data });
      this.inner.onerror = (event) => this.onerror?.(event);
    }
    get readyState() {
      return this.inner.readyState;
    }
    send(data: string) {
      const request = JSON.parse(data);
      if (dropBefore(request)) {
        this.inner.terminate();
        return;
      }
      log.sent.push(request);
      this.inner.send(data);
    }
    close(code?: number, reason?: string) {
      this.inner.close(code, reason);
    }
  };
}

export const wsConstructor = WebSocket as unknown as WebSocketConstructor;
