/** A coded error as the hooks report it (`LatchkeyError`): `message` is the spec's wording. Stories pass plain objects. */
export interface FlowError {
  code: string;
  message: string;
  /** The values of the message's placeholders (`LatchkeyError.params`), so the message can be shown in another language. */
  params?: Readonly<Record<string, string | number>> | undefined;
  /** A refusal's `Retry-After` (`LatchkeyError.retryAfterSeconds`): how long to wait before trying again. */
  retryAfterSeconds?: number | undefined;
  /** The HTTP status of a server's refusal (`LatchkeyError.status`): some codes mean different things by status. */
  status?: number | undefined;
}

/**
 * A hook's return type as a view takes it: the same members — statuses, data and commands come from the hook's own
 * type, so they cannot drift — with `error` loosened to `FlowError` and commands free to return anything (stories pass
 * spies).
 */
export type FlowModel<T> = {
  [K in keyof T]: K extends 'error'
    ? FlowError | undefined
    : T[K] extends (...args: infer A) => unknown
      ? (...args: A) => unknown
      : T[K];
};
