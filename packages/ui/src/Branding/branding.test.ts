import { describe, expect, it } from 'vitest';
import { brandingFrom } from './branding.js';

describe('brandingFrom', () => {
  it('default: display name, logo, legal links and menu links from the settings', () => {
    const branding = brandingFrom({
      general: { displayName: '  Acme  ', appLogo: 'https://acme.example/logo.svg' },
      design: {
        branding: {
          termsOfServiceUrl: 'https://acme.example/terms',
          privacyPolicyUrl: 'https://acme.example/privacy',
          customMenuLinks: [{ label: 'Help centre', url: 'https://acme.example/help' }],
        },
      },
    });
    expect(branding).toEqual({
      displayName: 'Acme',
      logoUrl: 'https://acme.example/logo.svg',
      termsUrl: 'https://acme.example/terms',
      privacyUrl: 'https://acme.example/privacy',
      menuLinks: [{ label: 'Help centre', url: 'https://acme.example/help' }],
      rejected: [],
    });
  });

  it('error: unsafe or empty menu links are dropped and the unsafe ones named', () => {
    const branding = brandingFrom({
      design: {
        branding: {
          customMenuLinks: [
            { label: 'Plain http', url: 'http://acme.example/help' },
            { label: 'Script', url: 'javascript:alert(1)' },
            { label: '   ', url: 'https://acme.example/blank-label' },
            { label: 'Fine', url: 'https://acme.example/fine' },
          ],
        },
      },
    });
    expect(branding.menuLinks).toEqual([{ label: 'Fine', url: 'https://acme.example/fine' }]);
    expect(branding.rejected).toEqual(['design.branding.customMenuLinks[0].url', 'design.branding.customMenuLinks[1].url']);
  });

  it('default: nothing configured, nothing shown', () => {
    expect(brandingFrom(undefined)).toEqual({
      displayName: undefined,
      logoUrl: undefined,
      termsUrl: undefined,
      privacyUrl: undefined,
      menuLinks: [],
      rejected: [],
    });
  });
});
