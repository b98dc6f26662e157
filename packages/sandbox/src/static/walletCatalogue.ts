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

/** Where the simulator serves the wallet `key`: `{origin}/sandbox/mobile-wallet/{key}/ul/`. */
export function simulatedUniversalLink(origin: string, key: string): string {
  return `${origin}/sandbox/mobile-wallet/${key}/ul/`;
}

/** The catalogue's wallets that declare the redirect experience: the mobile-wallet simulator plays each of them. */
export const REDIRECT_WALLET_KEYS: readonly string[] = Object.entries(walletCatalogue.wallets)
  .filter(([, entry]) => 'mobile' in entry && (entry.mobile as { experience?: string }).experience === 'redirect')
  .map(([key]) => key);

/**
 * The catalogue as served from `origin`: every redirect-experience wallet's universal and in-app-browser links point
 * at the simulator on that origin, so a phone (or a phone-sized browser) reaches a wallet that answers.
 */
export function servedWalletCatalogue(origin: string) {
  const wallets: Record<string, unknown> = { ...walletCatalogue.wallets };
  for (const key of REDIRECT_WALLET_KEYS) {
    const entry = walletCatalogue.wallets[key as keyof typeof walletCatalogue.wallets] as { mobile: Record<string, unknown> };
    const universal = simulatedUniversalLink(origin, key);
    wallets[key] = { ...entry, mobile: { ...entry.mobile, universal, inAppBrowser: `${universal}browse/{url}` } };
  }
  return { groups: walletCatalogue.groups, wallets };
}
