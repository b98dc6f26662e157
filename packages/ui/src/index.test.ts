import { expect, it } from 'vitest';
import * as ui from './index.js';

it('default: the public exports', () => {
  expect(Object.keys(ui).sort()).toMatchInlineSnapshot(`
    [
      "CodeStep",
      "EmailFlowView",
      "EmailSignIn",
      "EmailStep",
      "LatchkeyProvider",
      "LoginView",
      "SignInButton",
      "SignInDialog",
      "ThemeRoot",
      "UserMenu",
      "darkTheme",
      "lightTheme",
      "loadSignInDialog",
      "loadUserMenu",
    ]
  `);
});
