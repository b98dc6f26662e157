import { createContext } from 'react';
import type { Messages } from './en.js';

/** Writing direction of the kit's text: `rtl` for a right-to-left locale (Arabic, Hebrew, Persian, Urdu…). */
export type Direction = 'ltr' | 'rtl';

/** What `LatchkeyUIProvider` puts in context: the active locale, its catalogue once loaded, the host's overrides. */
export interface MessagesState {
  /** The locale as the host gave it (`es-MX`), used by `Intl` for dates, amounts and currency. Default `en`. */
  locale: string;
  dir: Direction;
  /** The locale's catalogue (lazy: undefined for English, and until it has loaded — English shows meanwhile). */
  catalogue: Partial<Messages> | undefined;
  /** The host's single strings, winning over every catalogue. */
  overrides: Partial<Messages>;
}

export const MessagesContext = createContext<MessagesState>({ locale: 'en', dir: 'ltr', catalogue: undefined, overrides: {} });

/** `LatchkeyUIProvider` puts the locale, its catalogue and the host's overrides here. */
export const MessagesProvider = MessagesContext.Provider;

/** The host's single strings, strings only (anything else is ignored; ids the kit does not know are never read). */
export function withOverrides(overrides: Partial<Messages> | undefined): Partial<Messages> {
  if (!overrides) return {};
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => typeof value === 'string')) as Partial<Messages>;
}

/** A context value with only the host's overrides (English), e.g. for tests and stories. */
export function englishWith(overrides: Partial<Messages> | undefined): MessagesState {
  return { locale: 'en', dir: 'ltr', catalogue: undefined, overrides: withOverrides(overrides) };
}

/** `template` with its `{name}` placeholders filled from `params` (unknown names stay as written). */
export function fill(template: string, params?: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params?.[name] === undefined ? whole : String(params[name])));
}
