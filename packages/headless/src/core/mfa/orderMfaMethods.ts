import type { ProjectSettings } from '@latchkey/protocol';

export type MfaMethod = 'totp' | 'passkey';

const ALL: readonly MfaMethod[] = ['totp', 'passkey'];

/**
 * The second factors to offer, in order, from the MFA method settings of SPEC §3
 * (`security.mfa.methodSettings`): disabled ones left out, the default first, then by
 * `listPosition`. Without settings for a method it is offered, after the configured ones.
 */
export function orderMfaMethods(settings: Pick<ProjectSettings, 'security'> | undefined): MfaMethod[] {
  const methodSettings = settings?.security.mfa?.methodSettings;
  const rank = (method: MfaMethod): [number, number] => {
    const setting = methodSettings?.[method];
    if (!setting) return [1, Number.MAX_SAFE_INTEGER];
    return [setting.isDefault ? 0 : 1, setting.listPosition];
  };
  return ALL.filter((method) => methodSettings?.[method]?.isEnabled !== false).sort((a, b) => {
    const [defaultA, positionA] = rank(a);
    const [defaultB, positionB] = rank(b);
    return defaultA - defaultB || positionA - positionB || ALL.indexOf(a) - ALL.indexOf(b);
  });
}
