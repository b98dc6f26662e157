import { createContext } from 'react';
import type { Messages } from './en.js';

/** The host's overrides (`LatchkeyUIProvider`'s `messages`); the catalogue itself is read where a string is shown. */
export const MessagesContext = createContext<Partial<Messages>>({});

/** `LatchkeyUIProvider` puts the host's overrides here. */
export const MessagesProvider = MessagesContext.Provider;

/** The host's single strings, strings only (anything else is ignored; ids the kit does not know are never read). */
export function withOverrides(overrides: Partial<Messages> | undefined): Partial<Messages> {
  if (!overrides) return {};
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => typeof value === 'string')) as Partial<Messages>;
}

/** `template` with its `{name}` placeholders filled from `params` (unknown names stay as written). */
export function fill(template: string, params?: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params?.[name] === undefined ? whole : String(params[name])));
}
