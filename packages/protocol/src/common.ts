import { z } from 'zod';

/** A 3- or 6-digit hex colour such as `#4f46e5` or `#fff`. */
export const hexColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'must be a 3- or 6-digit hex colour such as #4f46e5' });

/** An ISO-8601 date-time string (dates travel as ISO strings on the wire). */
export const isoDateSchema = z.iso.datetime({ offset: true });

/** True for loopback hosts, where http is allowed in place of https. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** A URL from settings: https only, http allowed on loopback (DESIGN.md "Security rules"). */
export const secureUrlSchema = z.string().refine(
  (value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  },
  { message: 'must be an https URL (http only on loopback)' },
);

export const uuidSchema = z.uuid();
