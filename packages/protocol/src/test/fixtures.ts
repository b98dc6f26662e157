/** Valid samples of the records, shared by the tests. Each test changes one thing to make it invalid. */

export const P256_KEY = `02${'ab'.repeat(32)}`;
export const P256_KEY_2 = `03${'cd'.repeat(32)}`;
export const SOL_ADDRESS = 'So11111111111111111111111111111111111111112';
export const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
export const NOW = '2026-11-21T10:00:00.000Z';
export const CHROME_ID = 'nkbihfbeogaeaoehlefnkodbefgpgknn';
export const EDGE_ID = 'ejbalbakoplchlghecdalmeeeajnimhm';

export const embeddedWalletProperties = {
  turnkeySubOrganizationId: 'suborg-1',
  turnkeyPrivateKeyId: 'pk-1',
  turnkeyHDWalletId: 'hd-1',
  turnkeyUserId: 'tk-user-1',
  isAuthenticatorAttached: true,
  isSessionKeyCompatible: true,
  version: 'V2',
  claimed: true,
  source: 'dynamic',
  keyShares: [{ id: 'share-1', backupLocation: 'googleDrive', passwordEncrypted: true }],
  thresholdSignatureScheme: 'TWO_OF_TWO',
  derivationPath: "m/44'/501'/0'/0'",
  hardwareWallet: 'ledger',
};

export const embeddedCredential = {
  id: 'vc-wallet',
  format: 'blockchain',
  address: SOL_ADDRESS,
  chain: 'SOL',
  wallet_name: 'turnkeyhd',
  wallet_provider: 'embeddedWallet',
  wallet_properties: embeddedWalletProperties,
  embedded_wallet_id: 'wallet-1',
  lastSelectedAt: NOW,
  signInEnabled: false,
};

export const emailCredential = { id: 'vc-email', format: 'email', email: 'ada@example.com', public_identifier: 'ada@example.com' };

export const user = {
  id: 'user-1',
  projectEnvironmentId: 'env-1',
  verifiedCredentials: [emailCredential, embeddedCredential],
  lastVerifiedCredentialId: 'vc-email',
  sessionId: 'session-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  firstVisit: NOW,
  lastVisit: NOW,
  newUser: false,
  metadata: { team: 'engines' },
  mfaBackupCodeAcknowledgement: null,
  lists: [],
  missingFields: [{ name: 'team', required: false }],
  blockchainAccounts: [{ id: 'acc-1', address: SOL_ADDRESS, chain: 'SOL', walletName: 'turnkeyhd' }],
  info: { firstName: 'Ada', wallet: SOL_ADDRESS },
};

export const signInResponse = { jwt: 'header.payload.signature', user, expiresAt: NOW };

const methodSetting = (position: number, isDefault = false) => ({
  isDefault,
  isEnabled: true,
  isPermanentAuthenticator: position === 0,
  listPosition: position,
});

const network = { networkId: 103, chainName: 'solana', enabled: true, rpcUrl: 'http://127.0.0.1:4012', type: 'custom' };

/** Project settings with every sub-object of SPEC §2/§3 populated. */
export const projectSettings = {
  environmentName: 'sandbox',
  design: {
    modal: {
      theme: 'dark',
      primaryColor: '#4f46e5',
      radius: 12,
      border: 1,
      brand: '#fff',
      view: 'modal',
      template: 'default',
      displayOrder: ['email', 'social', 'wallet', 'phone'],
      emailOnly: false,
      showWalletsButton: true,
      emailSubmitButtonInsideInput: true,
      splitEmailAndSocial: false,
      socialAboveEmail: false,
    },
    button: { backgroundColor: '#111827', textColor: '#ffffff', border: 0, radius: 8, theme: 'light' },
    selector: { type: 'social', label: 'More', numOfItemsToDisplay: 4, defaultItem: 'google', alignment: 'center' },
    branding: {
      walletName: 'Latchkey Wallet',
      popupPageTitle: 'Sign in',
      walletIconUrl: 'https://cdn.example.com/icon.png',
      customCssUrl: 'http://localhost:5173/custom.css',
      termsOfServiceUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'http://127.0.0.1:5173/privacy',
      customMenuLinks: [{ label: 'Help', url: 'https://example.com/help' }],
    },
  },
  general: {
    displayName: 'Demo',
    supportEmail: 'support@example.com',
    supportText: 'Write to us',
    appLogo: 'https://example.com/logo.png',
    supportUrls: ['https://example.com/support'],
    skipOptionalKYCFieldDuringOnboarding: true,
    emailCompanyName: 'Demo Inc.',
  },
  kyc: [
    { name: 'email', required: true, enabled: true, type: 'standard', position: 0 },
    {
      name: 'tShirtSize',
      required: false,
      enabled: true,
      type: 'standard',
      validationType: 'select',
      validationRules: { validOptions: [{ label: 'S' }, { label: 'M' }, { label: 'L' }] },
      position: 1,
    },
  ],
  customFields: [
    {
      name: 'team',
      required: false,
      enabled: true,
      unique: true,
      verify: false,
      type: 'custom',
      validationType: 'text',
      validationRules: { unique: true, regex: '^[a-z]+$' },
      label: 'Team',
      position: 2,
    },
    { name: 'terms', required: true, enabled: true, type: 'custom', validationType: 'checkbox', validationRules: { checkboxText: 'I agree' }, position: 3 },
  ],
  privacy: { collectIp: false },
  providers: [
    { id: 'p-google', provider: 'google', enabledAt: NOW, clientId: 'google-client', redirectUrl: 'http://127.0.0.1:4010/redirect', scopes: 'openid email' },
    { id: 'p-twilio', provider: 'twilio', enabledAt: NOW, accountSid: 'AC123', twilioNumber: '+15550000000', enabledCountries: [{ isoCountryCode: 'US', phoneCountryCode: '1' }] },
    { id: 'p-turnkey', provider: 'turnkey', enabledAt: NOW, keyExportUrl: 'http://127.0.0.1:4011/export', termsAcceptedByUser: true },
    {
      id: 'p-zerodev',
      provider: 'zerodev',
      enabledAt: null,
      providerProjectId: 'zd-project',
      defaultChainId: 1,
      entryPointVersion: 'v7',
      kernelVersion: 'v3_1',
      factoryAddress: EVM_ADDRESS,
      paymasterAddress: EVM_ADDRESS,
      passkeyAddress: EVM_ADDRESS,
      sessionAddress: EVM_ADDRESS,
      salt: '00ff',
      ecdsaProviderType: 'zerodev_signer_to_ecdsa',
      createNewAccounts: true,
      enableKernelV3Migration: false,
      enableEIP7702: false,
    },
  ],
  security: {
    jwtDuration: { amount: 7, unit: 'days' },
    hCaptcha: { enabled: false },
    mfa: { enabled: true, required: false, methods: ['totp', 'passkey'] },
    auth: { storage: ['localstorage'] },
    externalAuth: { enabled: false },
    allWallets: false,
    allUsers: true,
    separateSmartWalletAndSigner: false,
    enablePasskeys: true,
  },
  sdk: {
    emailSignIn: { signInProvider: 'dynamic' },
    socialSignIn: { providers: [{ provider: 'google', enabled: true }, { provider: 'github', enabled: false }] },
    nameService: { EVM: { domain: 'latchkey.eth' } },
    featureFlags: { connectOnlyMultiAsset: false },
    multiWallet: true,
    multiWalletUnlinkDisabled: false,
    mobile: { deeplinkUrlsEnabled: true, deeplinkUrlAllowlist: ['demoapp://', 'https://demo.example.com'] },
    confirmWalletTransfers: true,
    onrampFunding: false,
    passkeyEmbeddedWalletEnabled: true,
    automaticEmbeddedWalletCreation: true,
    passkeyEmbeddedWalletRecoveryEnabled: true,
    embeddedWalletSecurityMethods: ['passkey', 'email'],
    embeddedWallets: {
      automaticEmbeddedWalletCreation: true,
      automaticEmbeddedWalletCreationForExternal: false,
      showEmbeddedWalletActionsUI: true,
      emailRecoveryEnabled: true,
      forceAuthenticatorAtSignup: false,
      allowSkippingAuthenticatorAtSignup: true,
      sessionKeyDuration: { amount: 30, unit: 'minutes' },
      supportedSecurityMethods: { passkey: methodSetting(0, true), email: methodSetting(1), password: methodSetting(2) },
      chainConfigurations: [
        { name: 'SOL', enabled: true, primary: true },
        { name: 'EVM', enabled: false },
      ],
      domainEnabledByProvider: true,
      defaultWalletVersion: 'V2',
      promptForKeyExport: false,
      transactionSimulation: true,
    },
    waas: { enabled: true, defaultThresholdSignatureScheme: 'TWO_OF_TWO', backupOptions: ['googleDrive', 'icloud'], passwordRequired: false },
    walletConnect: { projectId: '0123456789abcdef0123456789abcdef', v2Enabled: true },
    confirmEmailProviderForVerify: false,
    displayDynamicMessaging: false,
    hideNetworkInDynamicWidget: false,
    preventOrphanedAccounts: true,
    views: [{ type: 'login', sections: [{ type: 'email' }, { type: 'separator', label: 'or' }, { type: 'social', numOfItemsToDisplay: 3 }, { type: 'wallet' }] }],
    accountAbstraction: { allWallets: false, allUsers: true, separateSmartWalletAndSigner: true },
    blockEmailSubaddresses: true,
    enableMultiAsset: true,
    showFiat: true,
    disabledWalletConnectors: ['walletconnect'],
    funding: {
      onramps: { enabled: true, minAmount: { amount: 10, currency: 'USD' }, onramps: [{ provider: 'banxa', name: 'Banxa', url: 'https://banxa.example.com' }] },
      externalWallets: { enabled: true, minAmount: { amount: 0.01, currency: 'SOL' } },
    },
  },
  chains: [{ name: 'SOL', enabled: true, networks: [network] }],
  networks: [{ chainName: 'solana', networks: [network] }],
};

export const solanaNetwork = {
  chainId: 103,
  networkId: 103,
  cluster: 'localnet',
  genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  name: 'Solana Localnet',
  key: 'localnet',
  vanityName: 'Localnet',
  isTestnet: true,
  rpcUrls: ['http://127.0.0.1:4012'],
  privateCustomerRpcUrls: [],
  blockExplorerUrls: ['https://explorer.example.com'],
  iconUrls: ['https://example.com/sol.svg'],
  nativeCurrency: { decimals: 9, name: 'Solana', symbol: 'SOL', pricingProviderTokenId: 'solana' },
};

export const catalogueEntry = {
  name: 'Phantom',
  shortName: 'Phantom',
  brand: { alt: 'Phantom wallet', primaryColor: '#ab9ff2', spriteId: 'phantom' },
  group: 'phantom',
  chains: ['solana:101', 'eip155:1'],
  desktop: { chromeId: 'bfnaelmomeimhlpmgjnjophhpkkoljpa', edgeId: EDGE_ID, firefoxId: 'phantom-app' },
  mobile: {
    androidId: 'app.phantom',
    iosId: 'id1598432977',
    android: 'https://play.example.com/app.phantom',
    ios: 'https://apps.example.com/id1598432977',
    native: 'phantom://',
    universal: 'https://phantom.app/ul',
    inAppBrowser: 'https://phantom.app/ul/browse/{url}',
    experience: 'in-app-browser',
  },
  injectedConfig: [
    { chain: 'SOL', extensionLocators: [{ flag: 'isPhantom', value: true }], windowLocations: ['phantom.solana'] },
    { chain: 'EVM', extensionLocators: [{ flag: 'isPhantom', value: true }], windowLocations: ['phantom.ethereum'] },
  ],
  hardwareWallets: ['ledger'],
  walletConnect: { sdks: ['sign_v2'] },
  walletLimitations: { browserExtension: { unsupportedEvents: ['chainChanged'] } },
};
