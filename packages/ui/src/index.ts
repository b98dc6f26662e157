// Provider and the connected components (they read the client through @latchkey/headless/react).
export { LatchkeyProvider, type LatchkeyProviderProps } from './LatchkeyProvider/LatchkeyProvider.js';
export { SignInButton, type SignInButtonProps } from './SignInButton/SignInButton.js';
export { SignInDialog, loadSignInDialog, type SignInDialogProps } from './SignInDialog/SignInDialog.js';
export { UserMenu, loadUserMenu, type UserMenuProps } from './UserMenu/UserMenu.js';
export { EmailSignIn, type EmailSignInCustomProps } from './flows/EmailSignIn/EmailSignIn.js';

// Presentational pieces: props in, callbacks out (stories, custom wiring). The Radix-based views
// (SignInDialogView, UserMenuView) are not exported here: nothing reachable from this entry may
// import Radix statically, or bundlers that split by module reachability (esbuild) pull the dialog
// into the host's first chunk. They load behind SignInDialog / UserMenu.
export { EmailStep, type EmailStepProps } from './flows/EmailSignIn/EmailStep.js';
export { CodeStep, type CodeStepProps } from './flows/EmailSignIn/CodeStep.js';
export { EmailFlowView, type EmailFlowViewProps } from './flows/EmailSignIn/EmailFlowView.js';
export type { EmailFlowModel, EmailFlowStatus, FlowError } from './flows/EmailSignIn/types.js';
export type { SignInDialogOpenProps, SignInDialogSettings } from './SignInDialog/SignInDialogView.js';
export { LoginView, type LoginViewProps, type LoginViewSection } from './LoginView/LoginView.js';
export { ThemeRoot, type ThemeRootProps } from './theme/ThemeRoot.js';

// Themes, so a host needs one import for `theme={darkTheme({ accentColor })}`.
export { darkTheme, lightTheme, type Theme, type ThemeOptions, type ThemeSetting } from '@latchkey/themes';
