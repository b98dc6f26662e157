/** Set by .storybook/sandboxUrl.ts in the `storybook` vitest project; unset in Storybook itself. */
declare global {
  var __LATCHKEY_SANDBOX_URL__: string | undefined;
}

export {};
