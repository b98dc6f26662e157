import { useCallback, useContext } from 'react';
import { en, type MessageId } from './en.js';
import { fill, MessagesContext } from './messagesContext.js';

export { MessagesProvider, withOverrides } from './messagesContext.js';

/** `t(id, params)`: the message `id` with its `{name}` placeholders filled. */
export type Translate = (id: MessageId, params?: Readonly<Record<string, string | number>>) => string;

/** The whole catalogue with the host's overrides on top (lazy screens: the catalogue comes with them). */
export function useMessages(): Translate {
  const overrides = useContext(MessagesContext);
  return useCallback<Translate>((id, params) => fill(overrides[id] ?? en[id], params), [overrides]);
}
