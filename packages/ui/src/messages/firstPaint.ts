/**
 * The strings of what renders before any of the kit's lazy code has loaded (the user-menu trigger, a failure of the
 * kit): the only part of the catalogue (`en.ts`, which spreads these) in the host's first chunk.
 */
export const firstPaint = {
  /** A part of the kit failed to load or to render; the host page is untouched. */
  'kit.failed': 'Something went wrong.',
  'kit.retry': 'Retry',
  'signIn.button': 'Sign in',
  'menu.trigger': 'Account',
  'menu.trigger.named': 'Account: {name}',
} as const;

export type FirstPaintMessageId = keyof typeof firstPaint;
