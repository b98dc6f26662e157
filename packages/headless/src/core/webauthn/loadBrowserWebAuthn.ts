import { importWhenOnline } from '../loading/importWhenOnline.js';
import type { WebAuthnCeremonies } from './WebAuthnCeremonies.js';

/**
 * The browser's WebAuthn through `@simplewebauthn/browser`, loaded with `import()` so the page's
 * first chunk does not carry it. Each start aborts the ceremony already running (its abort
 * service), and `cancel` aborts the current one.
 */
export async function loadBrowserWebAuthn(): Promise<WebAuthnCeremonies> {
  const browser = await importWhenOnline(() => import('@simplewebauthn/browser'));
  return {
    isSupported: () => browser.browserSupportsWebAuthn(),
    hostname: () => (typeof location === 'undefined' ? undefined : location.hostname),
    startRegistration: async (options) =>
      (await browser.startRegistration({ optionsJSON: options as Parameters<typeof browser.startRegistration>[0]['optionsJSON'] })) as Awaited<
        ReturnType<WebAuthnCeremonies['startRegistration']>
      >,
    startAuthentication: async (options) =>
      (await browser.startAuthentication({ optionsJSON: options as Parameters<typeof browser.startAuthentication>[0]['optionsJSON'] })) as Awaited<
        ReturnType<WebAuthnCeremonies['startAuthentication']>
      >,
    cancel: () => browser.WebAuthnAbortService.cancelCeremony(),
  };
}
