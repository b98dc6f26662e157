import { defaultWalletCatalogue } from '@latchkey/protocol/defaultWalletCatalogue';

/**
 * The catalogue the sandbox serves at its static-assets URL (`GET /static/wallet-catalogue.json`): the kit's
 * bundled wallets plus Glow, so that a client can tell the remote catalogue from its default one.
 */
export const walletCatalogue = {
  groups: {
    ...defaultWalletCatalogue.groups,
    glow: { key: 'glow', name: 'Glow', brand: { alt: 'Glow', spriteId: 'glow' } },
  },
  wallets: {
    ...defaultWalletCatalogue.wallets,
    glow: {
      name: 'Glow',
      brand: { alt: 'Glow', primaryColor: '#a74bf9', spriteId: 'glow' },
      group: 'glow',
      chains: ['solana:101', 'solana:103'],
      desktop: { chromeId: 'ojbcfhjmpigfobfclfflafhblgemeidi' },
      mobile: {
        androidId: 'com.luma.wallet.prod',
        iosId: 'id1599584512',
        ios: 'https://apps.apple.com/app/glow-solana-wallet/id1599584512',
        android: 'https://play.google.com/store/apps/details?id=com.luma.wallet.prod',
        experience: 'in-app-browser',
      },
      injectedConfig: [
        {
          chain: 'SOL',
          extensionLocators: [{ flag: 'isGlow', value: true }],
          walletStandard: { features: ['standard:connect', 'standard:events', 'solana:signTransaction', 'solana:signMessage'], providerId: 'Glow' },
          windowLocations: ['glowSolana'],
        },
      ],
    },
  },
} as const;
