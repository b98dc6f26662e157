/**
 * The kit's English copy, keyed by id. Every user-visible string the kit adds goes here (the older screens move in
 * as they are rebuilt); a host overrides any of them through `LatchkeyUIProvider`'s `messages`, e.g.
 * `messages={{ 'kit.retry': 'Try again' }}`. `{name}` marks a value filled in at run time.
 */
export const en = {
  /** A part of the kit failed to load or to render; the host page is untouched. */
  'kit.failed': 'Something went wrong.',
  'kit.retry': 'Retry',
  'kit.loading': 'Loading…',
  /** Where a failure that has no sentence of its own (a bug, an unexpected answer) is shown. */
  'kit.unexpectedError': 'Something went wrong. Try again.',
} as const;

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;
