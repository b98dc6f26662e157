import type { Direction } from './messagesContext.js';
import type { Messages } from './en.js';

/**
 * The catalogues the kit ships besides English, each its own chunk: a host pays for a locale only when it asks for
 * it (`LatchkeyUIProvider`'s `locale`). Keys are base languages; `es-MX` uses `es`.
 */
const loaders: Readonly<Record<string, () => Promise<Messages>>> = {
  es: () => import('./locales/es.js').then((module) => module.es),
  ar: () => import('./locales/ar.js').then((module) => module.ar),
};

/** The locales the kit has a catalogue for (English included). */
export const supportedLocales = ['en', ...Object.keys(loaders)] as const;

/** `es-MX` → `es`; English and unknown languages → undefined (English is the catalogue every screen carries). */
export function catalogueLanguage(locale: string): string | undefined {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return language in loaders ? language : undefined;
}

/** Loads the catalogue of `locale`'s language (see `catalogueLanguage`); undefined for English. */
export function loadCatalogue(locale: string): Promise<Messages> | undefined {
  const language = catalogueLanguage(locale);
  return language === undefined ? undefined : loaders[language]?.();
}

/**
 * What `LatchkeyUIProvider` needs for a locale: its catalogue and writing direction, or undefined when the kit has
 * no catalogue for its language (English shows, left to right). This module is itself loaded on demand, only for a
 * locale that is not English, so a host's first chunk carries none of it.
 */
export async function loadLocale(locale: string): Promise<{ catalogue: Messages; dir: Direction } | undefined> {
  const catalogue = await loadCatalogue(locale);
  return catalogue ? { catalogue, dir: directionOf(locale) } : undefined;
}

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'yi', 'dv', 'ku', 'ug']);

/** The writing direction of `locale`'s language. */
export function directionOf(locale: string): Direction {
  return RTL_LANGUAGES.has(locale.toLowerCase().split(/[-_]/)[0] ?? '') ? 'rtl' : 'ltr';
}
