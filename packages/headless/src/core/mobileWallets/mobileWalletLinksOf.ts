import type { WalletCatalogueEntry } from '@latchkey/protocol';
import { isSecureUrl, isUrlPlaceholderAfterHost } from '@latchkey/protocol/secureUrl';
import type { MobileWalletLinks } from './createMobileWallet.js';

/** How a catalogue wallet's phone app is reached (SPEC §3 `mobile`, SPEC §5 `mobile experience`). */
export interface WalletMobileApp {
  /** `redirect`: the deep-link protocol round trips; `in-app-browser`: the app opens this page in its own browser. */
  experience: 'redirect' | 'in-app-browser';
  /** The redirect protocol's links (a redirect wallet with a universal link). */
  links: MobileWalletLinks | undefined;
  /** The app's in-app-browser link template (`{url}`), when the catalogue gives one. */
  inAppBrowser: string | undefined;
}

/**
 * Whether the kit may open a catalogue link (`{url}` templates included): https, http only on a loopback host, and a
 * template's `{url}` after the host. A catalogue is data from elsewhere (a host's `catalogue.url`, a static file): a
 * `javascript:` link in it must not become a redirect or a link in the host's page.
 */
export function isSafeWalletLink(link: string | undefined): link is string {
  return typeof link === 'string' && isSecureUrl(link.split('{url}').join('u')) && isUrlPlaceholderAfterHost(link);
}

/** The phone app of a catalogue entry, or undefined when the entry has no (safe) universal or in-app-browser link. */
export function mobileAppOf(key: string, entry: WalletCatalogueEntry): WalletMobileApp | undefined {
  const given = entry.mobile;
  const mobile = given && {
    ...given,
    universal: isSafeWalletLink(given.universal) ? given.universal : undefined,
    inAppBrowser: isSafeWalletLink(given.inAppBrowser) ? given.inAppBrowser : undefined,
  };
  if (!mobile || (!mobile.universal && !mobile.inAppBrowser)) return undefined;
  const experience = mobile.experience ?? (mobile.universal ? 'redirect' : 'in-app-browser');
  const links: MobileWalletLinks | undefined = mobile.universal
    ? { key, name: entry.name, universal: mobile.universal, ...(mobile.inAppBrowser ? { inAppBrowser: mobile.inAppBrowser } : {}) }
    : undefined;
  return { experience, links: experience === 'redirect' ? links : undefined, inAppBrowser: mobile.inAppBrowser ?? (links ? `${withSlash(links.universal)}browse/{url}` : undefined) };
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** The link that opens `pageUrl` inside the app's in-app browser (a phone's tap, or a desktop's QR code). */
export function browseLinkOf(app: WalletMobileApp, pageUrl: string): string | undefined {
  if (!app.inAppBrowser) return undefined;
  const link = app.inAppBrowser.replace('{url}', encodeURIComponent(pageUrl));
  return app.inAppBrowser.includes('{url}') ? appendRef(link, pageUrl) : link;
}

function appendRef(link: string, pageUrl: string): string {
  try {
    const url = new URL(link);
    if (!url.searchParams.has('ref')) url.searchParams.set('ref', new URL(pageUrl).origin);
    return url.href;
  } catch {
    return link;
  }
}

/** A phone or tablet browser (by its user agent): mobile wallets open by link there, by QR code elsewhere. */
export function isPhoneUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|Opera Mini|IEMobile/i.test(userAgent);
}
