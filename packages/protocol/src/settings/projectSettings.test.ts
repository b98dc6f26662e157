import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { expectParses, expectRejectedAt, withChange } from '../test/expectIssues.js';
import { projectSettings } from '../test/fixtures.js';
import { customFieldSchema } from './customFields.js';
import { projectSettingsSchema } from './projectSettings.js';
import { providerSchema } from './providers.js';

type Settings = typeof projectSettings;
const changed = (change: (copy: Settings) => void): Settings => withChange(projectSettings, change);
const at = (value: unknown, path: string, message?: string) => expectRejectedAt(projectSettingsSchema, value, path, message);

describe('projectSettingsSchema', () => {
  it('default: a sample with every sub-object of SPEC §2/§3 parses', () => {
    const parsed = expectParses(projectSettingsSchema, projectSettings);
    expect(parsed.sdk.embeddedWallets?.sessionKeyDuration).toEqual({ amount: 30, unit: 'minutes' });
    expect(parsed.providers.find((provider) => provider.provider === 'zerodev')?.kernelVersion).toBe('v3_1');
    expect(parsed.chains?.[0]?.networks[0]?.networkId).toBe(103);
  });

  it('default: the minimal settings (no optional parts) parse', () => {
    expectParses(projectSettingsSchema, {
      environmentName: 'live',
      design: {},
      general: {},
      kyc: [],
      customFields: [],
      privacy: { collectIp: true },
      providers: [],
      security: {},
      sdk: {},
    });
  });

  it('error: a 4-digit brand colour, with a readable path', () => {
    const bad = changed((copy) => {
      copy.design.modal.brand = '#abcd';
    });
    at(bad, 'design.modal.brand', '3- or 6-digit hex');
    const result = projectSettingsSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(z.prettifyError(result.error!)).toContain('→ at design.modal.brand');
  });

  it('error: an http terms URL on a non-loopback host; http on loopback passes', () => {
    at(changed((copy) => void (copy.design.branding.termsOfServiceUrl = 'http://example.com/terms')), 'design.branding.termsOfServiceUrl', 'https');
    at(changed((copy) => void (copy.design.branding.customMenuLinks[0]!.url = 'javascript:alert(1)')), 'design.branding.customMenuLinks.0.url');
    at(changed((copy) => void (copy.design.branding.customCssUrl = 'http://localhost.example.com/x.css')), 'design.branding.customCssUrl');
    expectParses(projectSettingsSchema, changed((copy) => void (copy.design.branding.termsOfServiceUrl = 'http://[::1]:8080/terms')));
  });

  it('error: an unknown chain in the embedded-wallet chain configurations', () => {
    at(changed((copy) => void (copy.sdk.embeddedWallets.chainConfigurations[1]!.name = 'DOGE')), 'sdk.embeddedWallets.chainConfigurations.1.name');
    at(changed((copy) => void (copy.chains[0]!.name = 'solana')), 'chains.0.name');
  });

  it('error: two primary chains, or a disabled primary chain', () => {
    at(
      changed((copy) => {
        copy.sdk.embeddedWallets.chainConfigurations[1] = { name: 'EVM', enabled: true, primary: true } as never;
      }),
      'sdk.embeddedWallets.chainConfigurations',
      'at most one chain can be primary',
    );
    at(
      changed((copy) => void (copy.sdk.embeddedWallets.chainConfigurations[0]!.enabled = false)),
      'sdk.embeddedWallets.chainConfigurations.0.primary',
    );
  });

  it('error: a session key duration unit outside days, hours, minutes', () => {
    at(changed((copy) => void (copy.sdk.embeddedWallets.sessionKeyDuration.unit = 'weeks')), 'sdk.embeddedWallets.sessionKeyDuration.unit');
    at(changed((copy) => void (copy.sdk.embeddedWallets.sessionKeyDuration.amount = 0)), 'sdk.embeddedWallets.sessionKeyDuration.amount');
  });

  it('error: a threshold scheme outside the three (MPC settings)', () => {
    at(changed((copy) => void (copy.sdk.waas.defaultThresholdSignatureScheme = 'ONE_OF_ONE')), 'sdk.waas.defaultThresholdSignatureScheme');
  });

  it('error: two default security methods, or a disabled default', () => {
    at(
      changed((copy) => void (copy.sdk.embeddedWallets.supportedSecurityMethods.email.isDefault = true)),
      'sdk.embeddedWallets.supportedSecurityMethods',
      'at most one method',
    );
    at(
      changed((copy) => void (copy.sdk.embeddedWallets.supportedSecurityMethods.passkey.isEnabled = false)),
      'sdk.embeddedWallets.supportedSecurityMethods.passkey.isDefault',
    );
  });

  it('error: bad sdk values (security method, login view, walletConnect id, name service family)', () => {
    at(changed((copy) => void (copy.sdk.embeddedWalletSecurityMethods[0] = 'sms')), 'sdk.embeddedWalletSecurityMethods.0');
    at(changed((copy) => void (copy.sdk.views[0]!.sections[0]!.type = 'qr')), 'sdk.views.0.sections.0.type');
    at(changed((copy) => void (copy.sdk.walletConnect.projectId = 'not-an-id')), 'sdk.walletConnect.projectId');
    at(changed((copy) => void ((copy.sdk.nameService as Record<string, unknown>)['BTC'] = { domain: 'x' })), 'sdk.nameService');
    at(changed((copy) => void (copy.sdk.mobile.deeplinkUrlAllowlist[0] = 'not a link')), 'sdk.mobile.deeplinkUrlAllowlist.0');
  });

  it('error: missing required parts and wrong environment name', () => {
    at(changed((copy) => void delete (copy as Partial<Settings>).privacy), 'privacy');
    at(changed((copy) => void (copy.environmentName = 'production')), 'environmentName');
  });

  it('error: a look radius or border out of range', () => {
    at(changed((copy) => void (copy.design.modal.radius = 49)), 'design.modal.radius');
    at(changed((copy) => void (copy.design.button.border = -1)), 'design.button.border');
  });
});

describe('providerSchema', () => {
  const zerodev = projectSettings.providers[3]!;

  it('error: a kernel version outside v2_4, v3_0, v3_1', () => {
    expectRejectedAt(providerSchema, { ...zerodev, kernelVersion: 'v4_0' }, 'kernelVersion');
  });

  it('error: kernel v3 on entry point v6 (and v2.4 on v7)', () => {
    expectRejectedAt(providerSchema, { ...zerodev, entryPointVersion: 'v6' }, 'kernelVersion', 'needs entry point v7');
    expectRejectedAt(providerSchema, { ...zerodev, kernelVersion: 'v2_4' }, 'kernelVersion', 'needs entry point v6');
    expectParses(providerSchema, { ...zerodev, kernelVersion: 'v2_4', entryPointVersion: 'v6' });
  });

  it('error: account-abstraction addresses, salt, smart-account kind, country codes', () => {
    expectRejectedAt(providerSchema, { ...zerodev, factoryAddress: '0x1234' }, 'factoryAddress');
    expectRejectedAt(providerSchema, { ...zerodev, salt: 'abc' }, 'salt');
    expectRejectedAt(providerSchema, { ...zerodev, ecdsaProviderType: 'kernel' }, 'ecdsaProviderType');
    expectRejectedAt(
      providerSchema,
      { ...projectSettings.providers[1], enabledCountries: [{ isoCountryCode: 'usa', phoneCountryCode: '+1' }] },
      'enabledCountries.0.isoCountryCode',
    );
  });

  it('error: an unknown provider name', () => {
    expectRejectedAt(providerSchema, { id: 'x', provider: 'myspace' }, 'provider');
  });
});

describe('customFieldSchema', () => {
  const select = projectSettings.kyc[1]!;

  it('error: a select field without options', () => {
    expectRejectedAt(customFieldSchema, { ...select, validationRules: {} }, 'validationRules.validOptions', 'needs options');
  });

  it('error: repeated options and an invalid regex', () => {
    expectRejectedAt(customFieldSchema, { ...select, validationRules: { validOptions: [{ label: 'S' }, { label: 'S' }] } }, 'validationRules.validOptions');
    expectRejectedAt(customFieldSchema, { ...projectSettings.customFields[0], validationRules: { regex: '([a-z' } }, 'validationRules.regex', 'regular expression');
  });

  it('error: a negative position', () => {
    expectRejectedAt(customFieldSchema, { ...select, position: -1 }, 'position');
  });
});
