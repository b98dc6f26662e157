import { describe, expect, it } from 'vitest';
import { browseLinkOf, isPhoneUserAgent, isSafeWalletLink, mobileAppOf } from './mobileWalletLinksOf.js';

describe('mobileAppOf, browseLinkOf, isPhoneUserAgent', () => {
  it('default: a redirect wallet gets its links; the browse link opens this page with a ref', () => {
    const app = mobileAppOf('phantom', { name: 'Phantom', mobile: { universal: 'https://phantom.app/ul', experience: 'redirect' } })!;
    expect(app.links).toEqual({ key: 'phantom', name: 'Phantom', universal: 'https://phantom.app/ul' });
    expect(browseLinkOf(app, 'http://localhost:5173/a?b=1')).toBe('https://phantom.app/ul/browse/http%3A%2F%2Flocalhost%3A5173%2Fa%3Fb%3D1?ref=http%3A%2F%2Flocalhost%3A5173');
  });

  it('behavior: an in-app-browser wallet has no redirect links; its template is used; no links at all → undefined', () => {
    const app = mobileAppOf('backpacksol', { name: 'Backpack', mobile: { inAppBrowser: 'https://backpack.app/ul/v1/browse/{url}', experience: 'in-app-browser' } })!;
    expect(app).toMatchObject({ experience: 'in-app-browser', links: undefined });
    expect(browseLinkOf(app, 'https://acme.example/')).toBe('https://backpack.app/ul/v1/browse/https%3A%2F%2Facme.example%2F?ref=https%3A%2F%2Facme.example');
    expect(mobileAppOf('x', { name: 'X', mobile: { iosId: 'id1' } })).toBeUndefined();
    expect(mobileAppOf('x', { name: 'X' })).toBeUndefined();
  });

  it('error: a catalogue link that is not https (a javascript: URL, say) or whose {url} sits in the host is never used', () => {
    const hostile = ['javascript:alert(document.cookie)//{url}', 'data:text/html,{url}', 'http://wallet.example/browse/{url}', 'https://{url}/browse', 'https://wallet.example?x={url}&y', 'not a url'];
    for (const inAppBrowser of hostile) {
      const app = mobileAppOf('x', { name: 'X', mobile: { inAppBrowser, experience: 'in-app-browser' } });
      expect(app?.inAppBrowser, inAppBrowser).toBeUndefined();
      expect(app ? browseLinkOf(app, 'https://acme.example/') : undefined, inAppBrowser).toBeUndefined();
    }
    expect(mobileAppOf('x', { name: 'X', mobile: { universal: 'javascript:alert(1)', experience: 'redirect' } })).toBeUndefined();
    expect(isSafeWalletLink('https://wallet.example?x={url}&y')).toBe(false);
    expect(isSafeWalletLink('https://go.cb-w.com/dapp?cb_url={url}')).toBe(true);
    expect(isSafeWalletLink('http://127.0.0.1:4016/browse/{url}')).toBe(true);
  });

  it('behavior: phones by user agent', () => {
    expect(isPhoneUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36')).toBe(true);
    expect(isPhoneUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe(true);
    expect(isPhoneUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36')).toBe(false);
  });
});
