import { describe, expect, it } from 'vitest';
import { mpcExportPage, mpcExportScript } from './mpcExportFramePage.js';

describe('MPC export page', () => {
  it('default: a loopback parent gets the page, framed only by it, with its script from the custody origin', () => {
    const page = mpcExportPage('http://localhost:5173');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors http://localhost:5173");
    expect(page.html).toContain('<script src="/mpc-export/export.js"></script>');
    expect(page.html).not.toMatch(/<script>[^<]/);
  });

  it('error: no parent origin, or one that is not loopback, is a 400 page', () => {
    expect(mpcExportPage(undefined).status).toBe(400);
    expect(mpcExportPage('https://evil.example').status).toBe(400);
  });

  it('default: the script bundles @noble/curves FROST and @hpke/core for the browser, once', async () => {
    const first = await mpcExportScript();
    expect(first.length).toBeGreaterThan(20_000);
    expect(first).toContain('latchkey:mpc-export-ready');
    expect(first).toContain('FROST-ED25519-SHA512-v1');
    expect(await mpcExportScript()).toBe(first);
  });
});
