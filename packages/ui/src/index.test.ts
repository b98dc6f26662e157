import { expect, it } from 'vitest';
import * as flows from './flows/index.js';
import * as ui from './index.js';

it('default: the public exports of the main entry (first paint only)', () => {
  expect(Object.keys(ui).sort()).toMatchInlineSnapshot(`
    [
      "LatchkeyUIProvider",
      "SignInButton",
      "SignInDialog",
      "ThemeRoot",
      "UserMenu",
      "darkTheme",
      "lightTheme",
      "loadSignInDialog",
      "loadUserMenu",
      "version",
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
      "EmailOrPhoneStep",
      "EmailSignIn",
      "EmailSignInView",
      "EmailStep",
      "ExportStep",
      "LinkedWallets",
      "LoginView",
      "MfaChallenge",
      "MfaDevices",
      "MobileWallet",
      "MobileWalletView",
      "NetworkPicker",
      "PasskeyManager",
      "PasskeySignIn",
      "PhoneStep",
      "RecoveryCodes",
      "RecoveryStep",
      "SendForm",
      "SendTransactionView",
      "SessionPrompt",
      "SmsSignIn",
      "SmsSignInView",
      "SocialSignIn",
      "SocialSignInView",
      "Socket",
      "SocketView",
      "SolanaBalances",
      "TotpCodeForm",
      "TotpEnrolment",
      "TransferReview",
      "TransferStatus",
      "WalletList",
      "WalletPanelView",
      "WalletSignInView",
      "countryLabel",
      "pickDefaultCountry",
      "providerLabel",
      "smsCountries",
      "socialLayoutFrom",
      "socialProvidersFrom",
    ]
  `);
});

it('default: the public exports of @latchkey/ui/wallets', async () => {
  const wallets = await import('./wallets.js');
  expect(Object.keys(wallets).sort()).toMatchInlineSnapshot(`
    [
      "SendTransaction",
      "WalletSignIn",
    ]
  `);
});
