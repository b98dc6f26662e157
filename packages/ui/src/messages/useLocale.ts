import { useContext } from 'react';
import { MessagesContext, type Direction } from './messagesContext.js';

/**
 * The active locale (for `Intl`) and its writing direction (for `dir` on the kit's roots and portals). Carries no
 * catalogue, so the first paint (the button, the menu trigger) can use it.
 */
export function useLocale(): { locale: string; dir: Direction } {
  const { locale, dir } = useContext(MessagesContext);
  return { locale, dir };
}
