import { describe, expect, it } from 'vitest';
import { orderMfaMethods } from './orderMfaMethods.js';

const setting = (listPosition: number, extra: { isDefault?: boolean; isEnabled?: boolean } = {}) => ({
  isDefault: extra.isDefault ?? false,
  isEnabled: extra.isEnabled ?? true,
  isPermanentAuthenticator: false,
  listPosition,
});
const withMethods = (methodSettings: Record<string, unknown> | undefined) =>
  ({ security: { mfa: { enabled: true, ...(methodSettings ? { methodSettings } : {}) } } }) as never;

describe('orderMfaMethods', () => {
  it('default: without settings both are offered, TOTP first', () => {
    expect(orderMfaMethods(undefined)).toEqual(['totp', 'passkey']);
    expect(orderMfaMethods(withMethods(undefined))).toEqual(['totp', 'passkey']);
  });

  it('behavior: the default comes first, then listPosition; a disabled method is left out', () => {
    expect(orderMfaMethods(withMethods({ totp: setting(0), passkey: setting(1, { isDefault: true }) }))).toEqual(['passkey', 'totp']);
    expect(orderMfaMethods(withMethods({ totp: setting(5), passkey: setting(1) }))).toEqual(['passkey', 'totp']);
    expect(orderMfaMethods(withMethods({ totp: setting(0, { isEnabled: false }), passkey: setting(1) }))).toEqual(['passkey']);
    expect(orderMfaMethods(withMethods({ passkey: setting(0, { isEnabled: false }) }))).toEqual(['totp']);
    // A configured method comes before one without settings.
    expect(orderMfaMethods(withMethods({ passkey: setting(3) }))).toEqual(['passkey', 'totp']);
  });
});
