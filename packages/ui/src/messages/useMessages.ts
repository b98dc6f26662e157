import { createContext, useCallback, useContext } from 'react';
import { en, type MessageId, type Messages } from './en.js';

const MessagesContext = createContext<Messages>(en);

/** `LatchkeyUIProvider` puts the host's overrides over the English catalogue here. */
export const MessagesProvider = MessagesContext.Provider;

/** The catalogue with `overrides` on top (a host's single strings); unknown ids are ignored. */
export function withOverrides(overrides: Partial<Messages> | undefined): Messages {
  if (!overrides) return en;
  const merged: Messages = { ...en };
  for (const id of Object.keys(en) as MessageId[]) {
    const value = overrides[id];
    if (typeof value === 'string') merged[id] = value;
  }
  return merged;
}

/** `t(id, params)`: the message `id` with its `{name}` placeholders filled. */
export type Translate = (id: MessageId, params?: Readonly<Record<string, string | number>>) => string;

export function useMessages(): Translate {
  const messages = useContext(MessagesContext);
  return useCallback<Translate>(
    (id, params) => messages[id].replace(/\{(\w+)\}/g, (whole, name: string) => (params?.[name] === undefined ? whole : String(params[name]))),
    [messages],
  );
}
