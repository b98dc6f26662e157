import { safeExternalUrl } from './safeExternalUrl.js';

/** The branding settings that name the embedded wallet (SPEC §2 organisation branding). */
export interface WalletBrandSettings {
  design?: { branding?: { walletName?: string | undefined; walletIconUrl?: string | undefined } | undefined } | undefined;
}

/**
 * The embedded wallet as the project brands it: `walletName` (undefined when unset: the panel then says "Embedded
 * wallet" in the user's language) and `walletIconUrl` (https only).
 */
export function walletBrandFrom(settings: WalletBrandSettings | undefined): { name: string | undefined; iconUrl: string | undefined } {
  const branding = settings?.design?.branding;
  return { name: branding?.walletName?.trim() || undefined, iconUrl: safeExternalUrl(branding?.walletIconUrl) };
}
