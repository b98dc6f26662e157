/**
 * The bundled default Solana wallet catalogue (SPEC §3 catalogue entries): used at once, until a remote catalogue
 * replaces it. Plain data, validated like any remote catalogue by `parseWalletCatalogue`. Keys are the catalogue
 * names the kit matches wallet-standard wallets against (SPEC §5: coinbasesolana, phantom, phantomledger,
 * backpacksol, solflare are always handled by name).
 */
export const defaultWalletCatalogue = {
  groups: {
    phantom: { key: 'phantom', name: 'Phantom', brand: { alt: 'Phantom', spriteId: 'phantom' } },
    solflare: { key: 'solflare', name: 'Solflare', brand: { alt: 'Solflare', spriteId: 'solflare' } },
    backpack: { key: 'backpack', name: 'Backpack', brand: { alt: 'Backpack', spriteId: 'backpack' } },
    coinbase: { key: 'coinbase', name: 'Coinbase Wallet', brand: { alt: 'Coinbase Wallet', spriteId: 'coinbase' } },
    trust: { key: 'trust', name: 'Trust Wallet', brand: { alt: 'Trust Wallet', spriteId: 'trust' } },
  },
  wallets: {
    phantom: {
      name: 'Phantom',
      brand: { alt: 'Phantom', primaryColor: '#ab9ff2', spriteId: 'phantom' },
      group: 'phantom',
      chains: ['solana:101', 'solana:102', 'solana:103'],
      desktop: {
        chromeId: 'bfnaelmomeimhlpmgjnjophhpkkoljpa',
        edgeId: 'bfnaelmomeimhlpmgjnjophhpkkoljpa',
        firefoxId: 'phantom-app',
      },
      mobile: {
        androidId: 'app.phantom',
        iosId: 'id1598432977',
        android: 'https://play.google.com/store/apps/details?id=app.phantom',
        ios: 'https://apps.apple.com/app/phantom-solana-wallet/id1598432977',
        native: 'phantom://',
        universal: 'https://phantom.app/ul',
        inAppBrowser: 'https://phantom.app/ul/browse/{url}',
        experience: 'redirect',
      },
      injectedConfig: [
        {
          chain: 'SOL',
          extensionLocators: [{ flag: 'isPhantom', value: true }],
          walletStandard: { features: ['standard:connect', 'standard:events', 'solana:signTransaction', 'solana:signMessage'], providerId: 'Phantom' },
          windowLocations: ['phantom.solana'],
        },
      ],
    },
    phantomledger: {
      name: 'Phantom (Ledger)',
      shortName: 'Phantom',
      brand: { alt: 'Phantom with a Ledger', primaryColor: '#ab9ff2', spriteId: 'phantom' },
      group: 'phantom',
      chains: ['solana:101', 'solana:102', 'solana:103'],
      desktop: { chromeId: 'bfnaelmomeimhlpmgjnjophhpkkoljpa' },
      injectedConfig: [
        {
          chain: 'SOL',
          extensionLocators: [{ flag: 'isPhantom', value: true }],
          walletStandard: { features: ['standard:connect', 'standard:events', 'solana:signTransaction'], providerId: 'Phantom' },
          windowLocations: ['phantom.solana'],
        },
      ],
      hardwareWallets: ['ledger'],
      walletLimitations: { browserExtension: { unsupportedMethods: ['signMessage'] } },
    },
    solflare: {
      name: 'Solflare',
      brand: { alt: 'Solflare', primaryColor: '#fc7227', spriteId: 'solflare' },
      group: 'solflare',
      chains: ['solana:101', 'solana:102', 'solana:103'],
      desktop: { chromeId: 'bhhhlbepdkbapadjdnnojkbgioiodbic', edgeId: 'bhhhlbepdkbapadjdnnojkbgioiodbic' },
      mobile: {
        androidId: 'com.solflare.mobile',
        iosId: 'id1580902717',
        android: 'https://play.google.com/store/apps/details?id=com.solflare.mobile',
        ios: 'https://apps.apple.com/app/solflare-solana-wallet/id1580902717',
        native: 'solflare://',
        universal: 'https://solflare.com/ul',
        inAppBrowser: 'https://solflare.com/ul/v1/browse/{url}',
        experience: 'redirect',
      },
      injectedConfig: [
        {
          chain: 'SOL',
          extensionLocators: [{ flag: 'isSolflare', value: true }],
          walletStandard: { features: ['standard:connect', 'standard:events', 'solana:signTransaction', 'solana:signMessage'], providerId: 'Solflare' },
          windowLocations: ['solflare'],
        },
      ],
    },
    backpacksol: {
      name: 'Backpack',
      brand: { alt: 'Backpack', primaryColor: '#e33e3f', spriteId: 'backpack' },
      group: 'backpack',
      chains: ['solana:101', 'solana:102', 'solana:103'],
      desktop: { chromeId: 'aflkmfhebedbjioipglgcbcmnbpgliof' },
      mobile: {
        androidId: 'app.backpack.mobile',
        iosId: 'id6445964121',
        android: 'https://play.google.com/store/apps/details?id=app.backpack.mobile',
        ios: 'https://apps.apple.com/app/backpack-crypto-wallet/id6445964121',
        experience: 'in-app-browser',
        inAppBrowser: 'https://backpack.app/ul/v1/browse/{url}',
      },
      injectedConfig: [
        {
          chain: 'SOL',
          extensionLocators: [{ flag: 'isBackpack', value: true }],
          walletStandard: { features: ['standard:connect', 'standard:events', 'solana:signTransaction', 'solana:signMessage'], providerId: 'Backpack' },
          windowLocations: ['backpack'],
        },
      ],
    },
    coinbasesolana: {
      name: 'Coinbase Wallet',
      shortName: 'Coinbase',
      brand: { alt: 'Coinbase Wallet', primaryColor: '#0052ff', spriteId: 'coinbase' },
      group: 'coinbase',
      chains: ['solana:101'],
      desktop: { chromeId: 'hnfanknocfeofbddgcijnmhnfnkdnaad' },
      mobile: {
        androidId: 'org.toshi',
        iosId: 'id1278383455',
        android: 'https://play.google.com/store/apps/details?id=org.toshi',
        ios: 'https://apps.apple.com/app/coinbase-wallet-nfts-crypto/id1278383455',
        native: 'cbwallet://',
        universal: 'https://go.cb-w.com',
        inAppBrowser: 'https://go.cb-w.com/dapp?cb_url={url}',
        experience: 'in-app-browser',
      },
      injectedConfig: [
        {
          chain: 'SOL',
          extensionLocators: [{ flag: 'isCoinbaseWallet', value: true }],
          walletStandard: { features: ['standard:connect', 'standard:events', 'solana:signTransaction', 'solana:signMessage'], providerId: 'Coinbase Wallet' },
          windowLocations: ['coinbaseSolana'],
        },
      ],
    },
    trustsolana: {
      name: 'Trust Wallet',
      shortName: 'Trust',
      brand: { alt: 'Trust Wallet', primaryColor: '#0500ff', spriteId: 'trust' },
      group: 'trust',
      chains: ['solana:101'],
      desktop: { chromeId: 'egjidjbpglichdcondbcbdnbeeppgdph' },
      mobile: {
        androidId: 'com.wallet.crypto.trustapp',
        iosId: 'id1288339409',
        android: 'https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp',
        ios: 'https://apps.apple.com/app/trust-crypto-bitcoin-wallet/id1288339409',
        native: 'trust://',
        universal: 'https://link.trustwallet.com',
        inAppBrowser: 'https://link.trustwallet.com/open_url?url={url}',
        experience: 'in-app-browser',
      },
      injectedConfig: [
        {
          chain: 'SOL',
          extensionLocators: [{ flag: 'isTrust', value: true }],
          walletStandard: { features: ['standard:connect', 'standard:events', 'solana:signTransaction', 'solana:signMessage'], providerId: 'Trust' },
          windowLocations: ['trustwallet.solana'],
        },
      ],
    },
  },
} as const;
