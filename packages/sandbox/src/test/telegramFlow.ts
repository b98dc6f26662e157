import { expect } from 'vitest';
import { APP_ORIGIN } from './oauthFlow.js';
import type { TestSandbox } from './testSandbox.js';

/** The browser's side of a Telegram sign-in against a test sandbox's Telegram simulator (`sandbox()`: the sandbox, once started). */
export function telegramFlow(sandbox: () => TestSandbox) {
  /** What the kit does first: register a state, with the app's Origin. */
  const freshState = async (origin = APP_ORIGIN): Promise<string> => {
    const response = await sandbox().call('POST', '/telegram/initAuth', { body: {}, headers: { origin } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.state;
  };

  /** What the browser does: open /telegram/auth, submit the simulator's form, land back with #tgAuthResult. */
  async function login(state: string, fields: { id?: string; first_name?: string; username?: string } = {}) {
    const t = sandbox();
    // No Referer (as under Referrer-Policy: no-referrer): the origin comes from the registered state.
    const first = await fetch(`${t.sdk}/telegram/auth?state=${state}`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const simulator = new URL(first.headers.get('location')!);
    expect(simulator.origin).not.toBe(t.sandbox.url);
    expect(simulator.origin).not.toBe(t.sandbox.info.oauthIssuer);
    const page = await fetch(simulator);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('action="/auth/confirm"');
    const confirm = new URL('/auth/confirm', simulator.origin);
    confirm.searchParams.set('return_to', simulator.searchParams.get('return_to')!);
    confirm.searchParams.set('id', fields.id ?? '4242');
    confirm.searchParams.set('first_name', fields.first_name ?? 'Ada');
    if (fields.username !== '') confirm.searchParams.set('username', fields.username ?? 'ada');
    const back = await fetch(confirm, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    const data = JSON.parse(Buffer.from(location.hash.replace('#tgAuthResult=', ''), 'base64url').toString()) as Record<string, unknown>;
    const telegramAuth = {
      id: data['id'] as number,
      firstName: data['first_name'] as string,
      ...(data['username'] ? { username: data['username'] as string } : {}),
      authDate: data['auth_date'] as number,
      hash: data['hash'] as string,
    };
    return { location, data, telegramAuth };
  }

  return { freshState, login };
}
