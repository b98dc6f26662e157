import { safeExternalUrl } from './safeExternalUrl.js';

/** The display settings that say where users get help (SPEC §3 `general`, all optional). */
export interface SupportSettings {
  general?: { supportEmail?: string | undefined; supportText?: string | undefined; supportUrls?: readonly string[] | undefined } | undefined;
}

/** Help ready to render: an address that is one, https links only. */
export interface Support {
  /** `general.supportText`: a sentence above the links. */
  text: string | undefined;
  /** `general.supportEmail`, when it is an e-mail address (it becomes a `mailto:` link). */
  email: string | undefined;
  /** `general.supportUrls`, each checked (https, http only on loopback). */
  urls: string[];
  /** Settings refused (not an address, not an https URL), by name; for a warning, never rendered. */
  rejected: string[];
}

const EMAIL = /^[^\s@<>()[\]",;:\\]+@[^\s@<>()[\]",;:\\]+\.[^\s@<>()[\]",;:\\]+$/;

/** Reads the support settings; undefined when there is nothing to show (or only refused values). */
export function supportFrom(settings: SupportSettings | undefined): Support | undefined {
  const general = settings?.general;
  const rejected: string[] = [];
  const text = general?.supportText?.trim() || undefined;
  const rawEmail = general?.supportEmail?.trim();
  const email = rawEmail && EMAIL.test(rawEmail) ? rawEmail : undefined;
  if (rawEmail && !email) rejected.push('general.supportEmail');
  const urls = (general?.supportUrls ?? []).flatMap((value, index) => {
    const url = safeExternalUrl(value);
    if (!url) rejected.push(`general.supportUrls[${index}]`);
    return url ? [url] : [];
  });
  if (!text && !email && urls.length === 0) return rejected.length > 0 ? { text, email, urls, rejected } : undefined;
  return { text, email, urls, rejected };
}

/** How a help link reads: its host and path, without the scheme (`help.acme.example/faq`). */
export function supportLinkSite(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
  return `${parsed.host}${path}`;
}
