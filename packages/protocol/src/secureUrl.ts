// Plain code (no zod), a subpath of its own: the kit checks catalogue links with it in a lazy chunk, the schemas in
// common.ts and catalogue.ts with the same functions.

/** True for loopback hosts, where http is allowed in place of https. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** A URL from settings or a catalogue: https only, http allowed on loopback (DESIGN.md "Security rules"). */
export function isSecureUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** A link template's `{url}` (if any) comes after its host: the first `/` after `//`, not a `?` or `#` before it. */
export function isUrlPlaceholderAfterHost(template: string): boolean {
  const at = template.indexOf('{url}');
  if (at < 0) return true;
  const start = template.indexOf('//') + 2;
  const hostEnd = start + template.slice(start).search(/[/?#]/);
  return hostEnd >= start && template.charAt(hostEnd) === '/' && at > hostEnd;
}
