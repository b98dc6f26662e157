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
      "CreateWalletStep",
      "DEFAULT_MOBILE_WALLET_MESSAGE",
      "EmailFlowView",
      "EmailOrPhoneStep",
      "EmailSignIn",
      "EmailStep",
      "ExportStep",
      "LinkedWallets",
      "LoginView",
      "MfaChallenge",
      "MfaDevices",
      "MobileWalletConnect",
      "MobileWalletConnectView",
      "NetworkPicker",
      "PasskeyManager",
      "PasskeySignIn",
      "PhoneFlowView",
      "PhoneSignIn",
      "PhoneStep",
      "RecoveryCodes",
      "RecoveryStep",
      "SendForm",
      "SessionPrompt",
      "SocialButtons",
      "SocialSignIn",
      "SolanaBalances",
      "SolanaSend",
      "TotpCodeForm",
      "TotpEnrolment",
      "TransferReview",
      "TransferStatus",
      "WalletBlock",
      "WalletList",
      "WalletPanelView",
      "countryLabel",
      "pickDefaultCountry",
      "providerLabel",
      "smsCountries",
      "socialLayoutFrom",
      "socialProvidersFrom",
    ]
  `);
});
