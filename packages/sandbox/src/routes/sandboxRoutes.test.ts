import { projectSettingsSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxInfoSchema } from '../sandboxInfo.js';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const getSettings = async () => projectSettingsSchema.parse((await t.call('GET', '/settings')).body);
const admin = (body: unknown) => t.call('PUT', '/sandbox/admin/settings', { body });

describe('sandbox routes', () => {
  it('default: GET /sandbox/info points at this sandbox', async () => {
    const info = sandboxInfoSchema.parse((await t.call('GET', '/sandbox/info')).body);
    const port = Number(new URL(t.sandbox.url).port);
    expect(info).toEqual({
      environmentId: t.sandbox.info.environmentId,
      apiBaseUrl: t.sandbox.url,
      custodyBaseUrl: `http://127.0.0.1:${port + 1}`,
      solanaRpcUrl: `http://127.0.0.1:${port + 2}`,
      solanaWsUrl: `ws://127.0.0.1:${port + 3}`,
      oauthIssuer: `http://127.0.0.1:${port + 4}`,
      inboxUrl: `${t.sandbox.url}/sandbox/inbox`,
    });
    expect(info.apiBaseUrl).not.toContain('/api/v0');
  });

  it('behavior: the inbox is JSON with Accept: application/json, else an HTML page with everything escaped', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    await t.call('PUT', '/sandbox/admin/settings', { body: { general: { displayName: evil } } });
    try {
      expect((await t.call('POST', '/emailVerifications/create', { body: { email: 'inbox-page@example.com' } })).status).toBe(200);
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
    const json = await t.inbox('INBOX-page@example.com');
    expect(json).toEqual([
      {
        id: expect.any(String),
        channel: 'email',
        to: 'inbox-page@example.com',
        subject: expect.stringContaining(evil),
        text: expect.any(String),
        code: expect.stringMatching(/^\d{6}$/),
        sentAt: expect.any(String),
      },
    ]);
    const page = await fetch(`${t.sandbox.url}/sandbox/inbox?to=inbox-page@example.com`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(json[0]!.code!);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain(evil);
    const query = await (await fetch(`${t.sandbox.url}/sandbox/inbox?to=${encodeURIComponent('<b>x</b>')}`)).text();
    expect(query).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(query).not.toContain('<b>x</b>');
  });
});

describe('admin settings', () => {
  it('default: PUT /sandbox/admin/settings deep-merges a partial; GET /settings shows it', async () => {
    const before = await getSettings();
    const response = await admin({ design: { modal: { primaryColor: '#ff0066' } }, sdk: { blockEmailSubaddresses: true } });
    expect(response.status).toBe(200);
    expect(projectSettingsSchema.parse(response.body).design.modal?.primaryColor).toBe('#ff0066');
    const after = await getSettings();
    expect(after.design.modal).toEqual({ ...before.design.modal, primaryColor: '#ff0066' });
    expect(after.sdk.blockEmailSubaddresses).toBe(true);
    expect(after.sdk.views).toEqual(before.sdk.views);
    expect(after.general).toEqual(before.general);
  });

  it('behavior: arrays are replaced and null removes a key', async () => {
    await admin({ sdk: { views: [{ type: 'login', sections: [{ type: 'email' }] }], emailSignIn: null } });
    const settings = await getSettings();
    expect(settings.sdk.views).toEqual([{ type: 'login', sections: [{ type: 'email' }] }]);
    expect(settings.sdk.emailSignIn).toBeUndefined();
  });

  it('error: an invalid merge is refused with the path and changes nothing', async () => {
    const before = await getSettings();
    const cases: [unknown, string, string | undefined][] = [
      [{ design: { modal: { primaryColor: 'pink' } } }, 'invalid_request', 'design.modal.primaryColor'],
      [{ design: { branding: { termsOfServiceUrl: 'http://example.com/terms' } } }, 'invalid_request', 'design.branding.termsOfServiceUrl'],
      [{ environmentName: 'staging' }, 'invalid_request', 'environmentName'],
      [{ sdk: { unknownFlag: true } }, 'invalid_request', 'sdk.unknownFlag'],
      [{ customFields: [{ ...before.customFields[0], validationRules: { regex: '(' } }] }, 'invalid_regex', 'customFields[0].validationRules.regex'],
      [[1, 2], 'invalid_request', undefined],
      ['text', 'invalid_request', undefined],
    ];
    for (const [body, code, path] of cases) {
      const response = await admin(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe(code);
      expect(response.body.error.path).toBe(path);
    }
    const badJson = await t.call('PUT', '/sandbox/admin/settings', { rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(badJson.body.error.code).toBe('invalid_json');
    expect(await getSettings()).toEqual(before);
  });

  it('behavior: POST /sandbox/admin/reset-settings restores the seed', async () => {
    await admin({ general: { displayName: 'Changed' } });
    const response = await t.call('POST', '/sandbox/admin/reset-settings');
    expect(response.status).toBe(200);
    expect(response.body.general.displayName).toBe('Latchkey Demo');
    expect((await getSettings()).general.displayName).toBe('Latchkey Demo');
  });

  it('behavior: provider secrets are never in GET /settings', async () => {
    await admin({ providers: [{ id: 'gh', provider: 'github', clientId: 'client', clientSecret: 'server-only' }] });
    try {
      const response = await t.call('GET', '/settings');
      expect(response.body.providers).toEqual([{ id: 'gh', provider: 'github', clientId: 'client' }]);
      expect(JSON.stringify(response.body)).not.toContain('server-only');
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
  });
});
