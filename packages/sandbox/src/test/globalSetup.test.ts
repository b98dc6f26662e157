import { describe, expect, inject, it } from 'vitest';
import { sandboxInfoSchema } from '../sandboxInfo.js';

/** test/setup/sandbox.ts: the one in-memory sandbox every node/jsdom test file can reach. */
describe('vitest global setup', () => {
  it('default: provides the URL and environment id of a running sandbox', async () => {
    const url = inject('sandboxUrl');
    const environmentId = inject('sandboxEnvironmentId');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const info = sandboxInfoSchema.parse(await (await fetch(`${url}/sandbox/info`)).json());
    expect(info).toMatchObject({ apiBaseUrl: url, environmentId });
    const settings = await fetch(`${url}/api/v0/sdk/${environmentId}/settings`);
    expect(settings.status).toBe(200);
  });
});
