import { describe, it } from 'vitest';
import {
  mfaCodeCheckSchema,
  mfaDeviceListSchema,
  mfaDeviceSchema,
  mfaDeviceUpdateSchema,
  mfaMethodSettingsSchema,
  recoveryCodesSchema,
  totpRegistrationSchema,
} from './mfa.js';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';
import { NOW } from './test/fixtures.js';

const device = { id: 'mfa-1', type: 'totp', verified: true, createdAt: NOW, verifiedAt: NOW, default: true, alias: null };
const setting = { isDefault: false, isEnabled: true, isPermanentAuthenticator: false, listPosition: 0 };

describe('MFA records', () => {
  it('default: device, device list, method settings, code check, recovery codes, TOTP registration', () => {
    expectParses(mfaDeviceSchema, device);
    expectParses(mfaDeviceSchema, { ...device, type: 'passkey', verified: false, verifiedAt: null });
    expectParses(mfaDeviceListSchema, { count: 1, devices: [device] });
    expectParses(mfaMethodSettingsSchema, { passkey: { ...setting, isDefault: true }, email: setting });
    expectParses(mfaCodeCheckSchema, { id: 'mfa-1', code: '123456', createMfaToken: true });
    expectParses(recoveryCodesSchema, { count: 2, recoveryCodes: ['7kq2-m9xd', 'ab12cd34'] });
    expectParses(totpRegistrationSchema, { id: 'mfa-1', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Latchkey:ada?secret=JBSWY3DPEHPK3PXP' });
    expectParses(mfaDeviceUpdateSchema, { alias: 'Phone' });
  });

  it('error: a device type outside totp and passkey, a missing verifiedAt', () => {
    expectRejectedAt(mfaDeviceSchema, { ...device, type: 'sms' }, 'type');
    const { verifiedAt: _omitted, ...withoutVerifiedAt } = device;
    expectRejectedAt(mfaDeviceSchema, withoutVerifiedAt, 'verifiedAt');
  });

  it('error: a code that is not 6 digits', () => {
    expectRejectedAt(mfaCodeCheckSchema, { code: '12345' }, 'code', '6 digits');
    expectRejectedAt(mfaCodeCheckSchema, { code: '12345a' }, 'code');
  });

  it('error: a bad TOTP secret or URI, a malformed recovery code, an empty device update', () => {
    expectRejectedAt(totpRegistrationSchema, { id: 'x', secret: 'not base32!', uri: 'otpauth://totp/x' }, 'secret');
    expectRejectedAt(totpRegistrationSchema, { id: 'x', secret: 'JBSWY3DPEHPK3PXP', uri: 'https://x' }, 'uri');
    expectRejectedAt(recoveryCodesSchema, { count: 1, recoveryCodes: ['x'] }, 'recoveryCodes.0');
    expectRejectedAt(mfaDeviceUpdateSchema, {}, '', 'must change alias or default');
  });

  it('error: method settings with an unknown key value, two defaults, or a disabled default', () => {
    expectRejectedAt(mfaMethodSettingsSchema, { email: { ...setting, listPosition: -1 } }, 'email.listPosition');
    expectRejectedAt(mfaMethodSettingsSchema, { email: { ...setting, isDefault: true }, password: { ...setting, isDefault: true } }, '', 'at most one');
    expectRejectedAt(mfaMethodSettingsSchema, { password: { ...setting, isDefault: true, isEnabled: false } }, 'password.isDefault');
  });
});
