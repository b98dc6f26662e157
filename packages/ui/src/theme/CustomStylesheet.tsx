import { useEffect } from 'react';
import { safeExternalUrl } from '../Branding/safeExternalUrl.js';
import { useReportError } from '../warn.js';

/** Marks the `<link>` the kit adds for branding `customCssUrl`. */
export const CUSTOM_CSS_ATTRIBUTE = 'data-latchkey-custom-css';

/** Whether a `<head>` child is a stylesheet other than the custom one. */
function isOtherStylesheet(node: Node): boolean {
  if (!(node instanceof HTMLElement) || node.hasAttribute(CUSTOM_CSS_ATTRIBUTE)) return false;
  return node.tagName === 'STYLE' || (node.tagName === 'LINK' && (node as HTMLLinkElement).rel === 'stylesheet');
}

/**
 * The organisation's stylesheet (design setting `branding.customCssUrl`), loaded after the kit's styles so its rules
 * win at equal specificity: a `<link rel="stylesheet">` at the end of `<head>`, moved back to the end whenever a
 * stylesheet arrives after it (the kit's screens bring theirs when their code loads). Only https (http only on a
 * loopback host, for local development): anything else is refused with an error naming the setting, and not loaded.
 * The host's CSP must allow the stylesheet's origin in `style-src` (see the package README).
 */
export function CustomStylesheet({ url }: { url: string | undefined }) {
  const reportError = useReportError();
  useEffect(() => {
    if (url === undefined || url === '') return undefined;
    const href = safeExternalUrl(url);
    if (!href) {
      reportError(`design.branding.customCssUrl must be an https URL (http only on a loopback host); the custom stylesheet is not loaded (got ${JSON.stringify(url)}).`, { setting: 'design.branding.customCssUrl' });
      return undefined;
    }
    const head = document.head;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.setAttribute(CUSTOM_CSS_ATTRIBUTE, '');
    head.appendChild(link);
    const observer = new MutationObserver((records) => {
      const arrived = records.some((record) => Array.from(record.addedNodes).some(isOtherStylesheet));
      if (arrived && head.lastElementChild !== link) head.appendChild(link);
    });
    observer.observe(head, { childList: true });
    return () => {
      observer.disconnect();
      link.remove();
    };
  }, [url, reportError]);
  return null;
}
