import { expect, it } from 'vitest';
import * as flows from './flows/index.js';
import * as ui from './index.js';

it('default: the public exports of the main entry (first paint only)', () => {
  expect(Object.keys(ui).sort()).toMatchInlineSnapshot(`
    [
      "LatchkeyUIProvider",
      "SignInButton",
      "SignInDialog",
      "SignInEmbedded",
      "ThemeRoot",
      "UserMenu",
      "darkTheme",
      "lightTheme",
      "loadSignInDialog",
      "loadSignInEmbedded",
      "loadUserMenu",
      "version",
    ]
  `);
});

it('default: the public exports of @latchkey/ui/flows', () => {
  expect(Object.keys(flows).sort()).toMatchInlineSnapshot(`
    [
      "BackupStep",
      "CodeStep",
      "CountrySelect",
      "CreateMpcStep",
      "CreateWalletStep",
      "DEFAULT_MOBILE_WALLET_MESSAGE",
      "DeleteAccount",
      "DeleteAccountStep",
      "EmailOrPhoneStep",
      "EmailSignIn",
      "EmailSignInView",
      "EmailStep",
      "ExportStep",
      "LinkedWallets",
      "LoginView",
      "MfaChallenge",
      "MfaChallengeView",
      "MfaDevices",
      "MfaDevicesView",
      "MfaEnrolment",
      "MfaEnrolmentView",
      "MobileWallet",
      "MobileWalletView",
      "MpcExportStep",
      "MpcWalletView",
      "NetworkPicker",
      "PasskeyManager",
      "PasskeyManagerView",
      "PasskeySignIn",
      "PasskeySignInView",
      "PhoneStep",
      "Profile",
      "ProfileEntry",
      "ProfileView",
      "RecoveryCodeForm",
      "RecoveryCodes",
      "RecoveryStep",
      "ReshareStep",
      "RestoreStep",
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
      "TotpSetupStep",
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
      "MpcWallet",
      "SendTransaction",
      "WalletSignIn",
    ]
  `);
});
