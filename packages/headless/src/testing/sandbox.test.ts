import { randomUUID } from 'node:crypto';
import { waitFor } from 'xstate';
import { describe, expect, inject, it } from 'vitest';
import { createEmailVerification } from '../core/actions/createEmailVerification.js';
import { getSessionStatus } from '../core/machines/session/sessionMachine.js';
import { createFakeFetch, json } from '../test/fakeFetch.js';
import { createTestClient, getInboxMessages, getLatestCode, getSandboxInfo } from './sandbox.js';

const sandboxUrl = inject('sandboxUrl');
const environmentId = inject('sandboxEnvironmentId');

describe('testing helpers', () => {
  it('default: getSandboxInfo reads /sandbox/info', async () => {
    const info = await getSandboxInfo({ sandboxUrl });
    expect(info.environmentId).toBe(environmentId);
    expect(info.apiBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('behavior: createTestClient points a client at the sandbox with in-memory storage', async () => {
    const client = await createTestClient({ sandboxUrl });
    try {
      expect(client.environmentId).toBe(environmentId);
      await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
      expect((await client.settings.load()).environmentName).toBeTypeOf('string');
    } finally {
      await client.destroy();
    }
  });

  it('behavior: getLatestCode reads the newest code sent to an address', async () => {
    const client = await createTestClient({ sandboxUrl });
    const email = `grace-${randomUUID()}@example.com`;
    try {
      await createEmailVerification(client, { email });
      const first = await getLatestCode({ sandboxUrl, to: email });
      expect(first).toMatch(/^\d{6}$/);
      const { verificationUUID } = await createEmailVerification(client, { email });
      expect(verificationUUID).toBeTypeOf('string');
      const messages = await getInboxMessages({ sandboxUrl, to: email });
      expect(messages).toHaveLength(2);
      expect(messages.every((message) => message.channel === 'email' && message.to === email)).toBe(true);
      expect(await getLatestCode({ sandboxUrl, to: email })).toBe(messages[0]?.code);
    } finally {
      await client.destroy();
    }
  });

  it('error: no code sent to the address is not_found', async () => {
    await expect(getLatestCode({ sandboxUrl, to: `nobody-${randomUUID()}@example.com` })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('error: an answer that is not a sandbox is invalid_response; an unreachable one network_error', async () => {
    const fake = createFakeFetch(() => json(200, { hello: 'world' }));
    await expect(getSandboxInfo({ sandboxUrl: 'http://127.0.0.1:9', fetch: fake.fetch })).rejects.toMatchObject({
      code: 'invalid_response',
    });
    expect(fake.requests[0]?.headers.get('accept')).toBe('application/json');
    const down = createFakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    await expect(createTestClient({ sandboxUrl: 'http://127.0.0.1:9', fetch: down.fetch })).rejects.toMatchObject({
      code: 'network_error',
    });
  });
});
