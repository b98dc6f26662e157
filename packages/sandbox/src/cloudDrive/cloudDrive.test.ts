import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

/** The popup's journey without a browser: /connect → the OIDC sign-in page's form → /authorize → /callback, whose page carries the token. */
async function connect(provider: string, email: string): Promise<string> {
  const drive = t.sandbox.info.cloudDriveUrl;
  const start = await fetch(`${drive}/connect?provider=${provider}&origin=${encodeURIComponent('http://localhost:5173')}&login_hint=${encodeURIComponent(email)}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const signin = new URL(start.headers.get('location') ?? '');
  expect(signin.origin).toBe(t.sandbox.info.oauthIssuer);
  const page = await (await fetch(signin)).text();
  expect(page).toContain(`value="${email}"`);
  // Submitting the sign-in form: every hidden field, and the e-mail.
  const authorize = new URL('/authorize', signin);
  for (const [key, value] of signin.searchParams) authorize.searchParams.set(key, value);
  const back = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location') ?? '');
  expect(callback.origin + callback.pathname).toBe(`${drive}/callback`);
  const html = await (await fetch(callback)).text();
  const token = html.match(/data-token="([^"]+)"/)?.[1];
  expect(html).toContain('data-origin="http://localhost:5173"');
  expect(token).toBeTruthy();
  return token as string;
}

describe('cloud-drive emulator', () => {
  it('default: an OIDC access token writes and reads a file of its account; another account does not see it', async () => {
    const drive = t.sandbox.info.cloudDriveUrl;
    const token = await connect('googleDrive', 'drive.owner@example.com');
    const put = await fetch(`${drive}/drive/v1/googleDrive/files/backup.json`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, origin: 'http://localhost:5173' }, body: '{"v":1}' });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const get = await fetch(`${drive}/drive/v1/googleDrive/files/backup.json`, { headers: { authorization: `Bearer ${token}` } });
    expect(await get.text()).toBe('{"v":1}');
    const other = await connect('googleDrive', 'someone.else@example.com');
    expect((await fetch(`${drive}/drive/v1/googleDrive/files/backup.json`, { headers: { authorization: `Bearer ${other}` } })).status).toBe(404);
    // Each provider is its own drive.
    expect((await fetch(`${drive}/drive/v1/icloud/files/backup.json`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it('error: no token, a forged token, or a tampered state is refused', async () => {
    const drive = t.sandbox.info.cloudDriveUrl;
    expect((await fetch(`${drive}/drive/v1/googleDrive/files/a.json`)).status).toBe(401);
    expect((await fetch(`${drive}/drive/v1/googleDrive/files/a.json`, { headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' } })).status).toBe(401);
    const tampered = await fetch(`${drive}/callback?code=x&state=eyJ9.AAAA`);
    expect(tampered.status).toBe(400);
    const badOrigin = await fetch(`${drive}/connect?provider=googleDrive&origin=${encodeURIComponent('https://evil.example')}`, { redirect: 'manual' });
    expect(badOrigin.status).toBe(400);
  });
});
