// Provider and the connected components (they read the client through @latchkey/headless/react).
export { LatchkeyUIProvider, type LatchkeyUIProviderProps } from './LatchkeyUIProvider/LatchkeyUIProvider.js';
export type { EmbeddedWalletOptions } from './LatchkeyUIProvider/embeddedWalletConfig.js';
export type { MessageId, Messages } from './messages/en.js';
export { SignInButton, type SignInButtonProps } from './SignInButton/SignInButton.js';
export { SignInDialog, loadSignInDialog, type SignInDialogProps } from './screens/SignInDialog/SignInDialog.js';
export { SignInEmbedded, loadSignInEmbedded } from './screens/SignInEmbedded/SignInEmbedded.js';
export { UserMenu, loadUserMenu, type UserMenuProps } from './screens/UserMenu/UserMenu.js';

// Only what the first paint needs is reachable from this entry. The flows and their presentational steps
// are on `@latchkey/ui/flows`; the Radix-based views (SignInDialogView, UserMenuView) are not exported at all.
// Bundlers that assign whole modules to chunks (esbuild) would otherwise pull them — and Radix — into the
// host's first chunk. They load behind SignInDialog / UserMenu.
export type { SignInDialogOpenProps, SignInDialogSettings } from './screens/SignInDialog/SignInDialogView.js';
export { ThemeRoot, type ThemeRootProps } from './theme/ThemeRoot.js';
export { version } from './version.js';

// Themes, so a host needs one import for `theme={darkTheme({ accentColor })}`.
export { darkTheme, lightTheme, type Theme, type ThemeOptions, type ThemeSetting } from '@latchkey/themes';
