import { useCallback } from 'react';
import { en, type MessageId } from './en.js';
import { useMessages } from './useMessages.js';

/** An error as a view gets it (a `LatchkeyError`, or a plain object in stories). */
interface ShownError {
  code?: string | undefined;
  message: string;
  params?: Readonly<Record<string, string | number>> | undefined;
}

/**
 * `errorText(error)`: the sentence to show for a coded error in the active locale — the catalogue's `error.<code>`
 * filled with the error's `params`, or the error's own message when the catalogue has no entry for the code (a
 * server's wording) or the error lacks a value the entry needs. Undefined without an error.
 */
export function useErrorText(): (error: ShownError | undefined | null) => string | undefined {
  const t = useMessages();
  return useCallback(
    (error) => {
      if (!error) return undefined;
      if (error.code === undefined) return error.message;
      const id = `error.${error.code}`;
      if (!(id in en)) return error.message;
      const template = en[id as MessageId];
      const needed = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      if (needed.some((name) => error.params?.[name] === undefined)) return error.message;
      return t(id as MessageId, error.params);
    },
    [t],
  );
}
