import { useCallback, useContext } from 'react';
import { en, type MessageId } from './en.js';
import { fill, MessagesContext } from './messagesContext.js';

export { MessagesProvider, withOverrides, englishWith } from './messagesContext.js';
export { useLocale } from './useLocale.js';

/** `t(id, params)`: the message `id` with its `{name}` placeholders filled. */
export type Translate = (id: MessageId, params?: Readonly<Record<string, string | number>>) => string;

/**
 * The active locale's catalogue with the host's overrides on top; English where the locale has not loaded yet
 * (lazy screens: the English catalogue comes with them).
 */
export function useMessages(): Translate {
  const { overrides, catalogue } = useContext(MessagesContext);
  return useCallback<Translate>((id, params) => fill(overrides[id] ?? catalogue?.[id] ?? (en as Partial<Record<MessageId, string>>)[id] ?? id, params), [overrides, catalogue]);
}
