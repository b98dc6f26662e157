import { useCallback, useContext } from 'react';
import type { MessageId } from './en.js';
import { fill, MessagesContext } from './messagesContext.js';

/** An error as a view gets it (a `LatchkeyError`, or a plain object in stories). */
interface ShownError {
  code?: string | undefined;
  message: string;
  params?: Readonly<Record<string, string | number>> | undefined;
  /** The HTTP status, for a code whose meaning depends on it (403 `mfa_invalid_request`: a step-up; 400: the last required device). */
  status?: number | undefined;
}

/**
 * `errorText(error)`: the sentence to show for a coded error in the active locale — a host's override or the
 * locale's `error.<code>`, filled with the error's `params`. In English (and for a code the catalogue has no entry for,
 * such as a server's own wording, or when the error lacks a value the entry needs) the error's own message shows:
 * for the kit's codes it is SPEC §8's English wording, the same as `enErrors.ts`. A code that means different things by
 * HTTP status has `serverError.<code>.<status>` ids, used first. Undefined without an error.
 */
export function useErrorText(): (error: ShownError | undefined | null) => string | undefined {
  const { overrides, catalogue } = useContext(MessagesContext);
  return useCallback(
    (error) => {
      if (!error) return undefined;
      const id = `error.${error.code}` as MessageId;
      const byStatus = `serverError.${error.code}.${error.status}` as MessageId;
      const template = error.code === undefined ? undefined : (overrides[byStatus] ?? catalogue?.[byStatus] ?? overrides[id] ?? catalogue?.[id]);
      if (template === undefined) return error.message;
      const needed = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      if (needed.some((name) => error.params?.[name] === undefined)) return error.message;
      return fill(template, error.params);
    },
    [overrides, catalogue],
  );
}
