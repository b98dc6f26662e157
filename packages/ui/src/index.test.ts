import { expect, it } from 'vitest';
import * as flows from './flows/index.js';
import * as ui from './index.js';

it('default: the public exports of the main entry (first paint only)', () => {
  expect(Object.keys(ui).sort()).toMatchInlineSnapshot(`
    [
      "LatchkeyProvider",
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

it('default: the public exports of @latchkey/ui/flows', () => {
  expect(Object.keys(flows).sort()).toMatchInlineSnapshot(`
    [
      "CodeStep",
      "CountrySelect",
      "EmailFlowView",
      "EmailOrPhoneStep",
      "EmailSignIn",
      "EmailStep",
      "LoginView",
      "MfaChallenge",
      "MfaDevices",
      "PasskeyManager",
      "PasskeySignIn",
      "PhoneFlowView",
      "PhoneSignIn",
      "PhoneStep",
      "RecoveryCodes",
      "SocialButtons",
      "SocialSignIn",
      "TotpCodeForm",
      "TotpEnrolment",
      "countryLabel",
      "pickDefaultCountry",
      "providerLabel",
      "smsCountries",
      "socialLayoutFrom",
      "socialProvidersFrom",
    ]
  `);
});
