/** The settings the social block reads. `ProjectSettings` fits. */
export interface SocialSettings {
  sdk?: { socialSignIn?: { providers: readonly { provider: string; enabled: boolean }[] } | undefined } | undefined;
  design?: {
    modal?: { socialAboveEmail?: boolean | undefined; splitEmailAndSocial?: boolean | undefined } | undefined;
    selector?: { numOfItemsToDisplay?: number | undefined } | undefined;
  } | undefined;
}

/** Providers the kit has no flow for. */
const OAUTH_EXCLUDED: ReadonlySet<string> = new Set([]);

/** The enabled social providers (Telegram included: its popup flow), in the settings' order, each once. */
export function socialProvidersFrom(settings: SocialSettings | undefined): string[] {
  const seen = new Set<string>();
  for (const toggle of settings?.sdk?.socialSignIn?.providers ?? []) {
    if (toggle?.enabled && typeof toggle.provider === 'string' && !OAUTH_EXCLUDED.has(toggle.provider)) seen.add(toggle.provider);
  }
  return [...seen];
}

/** How the social block sits: above the e-mail block, and split from it by a separator. */
export function socialLayoutFrom(settings: SocialSettings | undefined): { socialAboveEmail: boolean; splitEmailAndSocial: boolean; numOfItemsToDisplay: number | undefined } {
  const modal = settings?.design?.modal;
  return {
    socialAboveEmail: modal?.socialAboveEmail === true,
    splitEmailAndSocial: modal?.splitEmailAndSocial === true,
    numOfItemsToDisplay: settings?.design?.selector?.numOfItemsToDisplay,
  };
}
