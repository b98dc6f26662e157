import type { Warn } from '../warn.js';
import { safeExternalUrl } from './safeExternalUrl.js';

/** The parts of project settings that brand the sign-in dialog (all optional). */
export interface BrandingSettings {
  general?:
    | {
        displayName?: string | undefined;
        appLogo?: string | undefined;
        imageUserNotInAccessList?: string | undefined;
        imageUserInAccessList?: string | undefined;
      }
    | undefined;
  design?: {
    branding?:
      | {
          termsOfServiceUrl?: string | undefined;
          privacyPolicyUrl?: string | undefined;
          customMenuLinks?: readonly { label: string; url: string }[] | undefined;
        }
      | undefined;
  } | undefined;
}

/** Branding ready to render: every URL checked (see `safeExternalUrl`). */
export interface Branding {
  displayName: string | undefined;
  logoUrl: string | undefined;
  /** Shown when the access gate refuses an identity that is not on its allow list (`general.imageUserNotInAccessList`). */
  notInAccessListImageUrl: string | undefined;
  /** Shown when the access gate refuses an identity its list names as blocked (`general.imageUserInAccessList`). */
  inAccessListImageUrl: string | undefined;
  termsUrl: string | undefined;
  privacyUrl: string | undefined;
  /** The organisation's own links for the user menu (`design.branding.customMenuLinks`), URLs checked. */
  menuLinks: { label: string; url: string }[];
  /** Settings whose URL was refused, by setting name; for a warning, never rendered. */
  rejected: string[];
}

/** Reads the organisation branding out of project settings, dropping every unsafe URL. */
export function brandingFrom(settings: BrandingSettings | undefined): Branding {
  const rejected: string[] = [];
  const checked = (setting: string, value: string | undefined): string | undefined => {
    if (value === undefined || value === '') return undefined;
    const url = safeExternalUrl(value);
    if (!url) rejected.push(setting);
    return url;
  };
  const displayName = settings?.general?.displayName?.trim();
  return {
    displayName: displayName ? displayName : undefined,
    logoUrl: checked('general.appLogo', settings?.general?.appLogo),
    notInAccessListImageUrl: checked('general.imageUserNotInAccessList', settings?.general?.imageUserNotInAccessList),
    inAccessListImageUrl: checked('general.imageUserInAccessList', settings?.general?.imageUserInAccessList),
    termsUrl: checked('design.branding.termsOfServiceUrl', settings?.design?.branding?.termsOfServiceUrl),
    privacyUrl: checked('design.branding.privacyPolicyUrl', settings?.design?.branding?.privacyPolicyUrl),
    menuLinks: (settings?.design?.branding?.customMenuLinks ?? []).flatMap((link, index) => {
      const url = checked(`design.branding.customMenuLinks[${index}].url`, link.url);
      const label = link.label?.trim();
      return url && label ? [{ label, url }] : [];
    }),
    rejected,
  };
}

/** Logs one warning per refused URL setting. */
export function warnRejectedBranding(branding: Branding, warn: Warn): void {
  for (const setting of branding.rejected) {
    warn(`${setting} is not an https URL, so it is not shown.`);
  }
}
