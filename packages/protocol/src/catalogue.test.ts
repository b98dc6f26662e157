import { describe, expect, it } from 'vitest';
import { extensionIdFromStoreUrl, walletCatalogueEntrySchema, walletCatalogueSchema } from './catalogue.js';
import { expectParses, expectRejectedAt, withChange } from './test/expectIssues.js';
import { catalogueEntry, CHROME_ID, EDGE_ID } from './test/fixtures.js';

type Entry = typeof catalogueEntry;
const entry = (change: (copy: Entry) => void): Entry => withChange(catalogueEntry, change);
const at = (value: unknown, path: string, message?: string) => expectRejectedAt(walletCatalogueEntrySchema, value, path, message);

describe('walletCatalogueEntrySchema (SPEC §5 catalogue rules)', () => {
  it('default: a full entry parses', () => {
    expectParses(walletCatalogueEntrySchema, catalogueEntry);
  });

  it('behavior: Chrome and Edge ids are extracted from store URLs', () => {
    const parsed = expectParses(
      walletCatalogueEntrySchema,
      entry((copy) => {
        copy.desktop.chromeId = `https://chromewebstore.google.com/detail/metamask/${CHROME_ID}`;
        copy.desktop.edgeId = `https://microsoftedge.microsoft.com/addons/detail/metamask/${EDGE_ID}?hl=en`;
      }),
    );
    expect(parsed.desktop).toMatchObject({ chromeId: CHROME_ID, edgeId: EDGE_ID });
    expect(extensionIdFromStoreUrl('chrome', `https://chrome.google.com/webstore/detail/x/${CHROME_ID}`)).toBe(CHROME_ID);
  });

  it('error: a bad Chrome extension id', () => {
    at(entry((copy) => void (copy.desktop.chromeId = 'NKBIHFBEOGAEAOEHLEFNKODBEFGPGKNN')), 'desktop.chromeId', 'Chrome extension id');
    at(entry((copy) => void (copy.desktop.chromeId = CHROME_ID.slice(1))), 'desktop.chromeId');
    at(entry((copy) => void (copy.desktop.chromeId = `https://evil.example.com/detail/x/${CHROME_ID}`)), 'desktop.chromeId');
    at(entry((copy) => void (copy.desktop.chromeId = `http://chromewebstore.google.com/detail/x/${CHROME_ID}`)), 'desktop.chromeId');
  });

  it('error: an Edge id taken from the Chrome store', () => {
    at(entry((copy) => void (copy.desktop.edgeId = `https://chromewebstore.google.com/detail/x/${CHROME_ID}`)), 'desktop.edgeId', 'Edge extension id');
  });

  it('error: an iOS id that is not id + 1 to 36 digits', () => {
    at(entry((copy) => void (copy.mobile.iosId = '1598432977')), 'mobile.iosId');
    at(entry((copy) => void (copy.mobile.iosId = `id${'1'.repeat(37)}`)), 'mobile.iosId');
    expectParses(walletCatalogueEntrySchema, entry((copy) => void (copy.mobile.iosId = `id${'1'.repeat(36)}`)));
  });

  it('error: window locations that include the default ethereum locators', () => {
    at(entry((copy) => void copy.injectedConfig[1]!.windowLocations.push('ethereum')), 'injectedConfig.1.windowLocations', 'default ethereum locators');
    at(entry((copy) => void (copy.injectedConfig[1]!.windowLocations = ['window.ethereum'])), 'injectedConfig.1.windowLocations');
  });

  it('error: an in-app-browser template that is not https, or with {url} in the host', () => {
    for (const inAppBrowser of ['javascript:alert(document.cookie)//{url}', 'http://wallet.example/browse/{url}', 'https://{url}/x', 'https://wallet.example?u={url}']) {
      at({ name: 'X', mobile: { inAppBrowser } }, 'mobile.inAppBrowser');
    }
    expectParses(walletCatalogueEntrySchema, { name: 'X', mobile: { inAppBrowser: 'https://go.cb-w.com/dapp?cb_url={url}' } });
  });

  it('error: a mobile experience outside in-app-browser and redirect', () => {
    at(entry((copy) => void (copy.mobile.experience = 'deeplink')), 'mobile.experience');
    expectParses(walletCatalogueEntrySchema, entry((copy) => void (copy.mobile.experience = 'redirect')));
  });

  it('error: brand colour, chain identifiers, hardware wallets, deep links', () => {
    at(entry((copy) => void (copy.brand.primaryColor = '#abcd')), 'brand.primaryColor');
    at(entry((copy) => void (copy.chains[0] = 'solana')), 'chains.0');
    at(entry((copy) => void (copy.hardwareWallets[0] = 'trezor')), 'hardwareWallets.0');
    at(entry((copy) => void (copy.mobile.native = 'phantom')), 'mobile.native');
    at(entry((copy) => void (copy.mobile.androidId = 'phantom')), 'mobile.androidId');
    at(entry((copy) => void (copy.name = '  ')), 'name');
  });
});

describe('walletCatalogueSchema', () => {
  it('default: groups and wallets parse', () => {
    expectParses(walletCatalogueSchema, { groups: { phantom: { key: 'phantom', name: 'Phantom' } }, wallets: { phantom: catalogueEntry } });
  });

  it('error: a wallet in an unknown group, a wallet key with capitals', () => {
    expectRejectedAt(walletCatalogueSchema, { groups: {}, wallets: { phantom: catalogueEntry } }, 'wallets.phantom.group', 'unknown group');
    expectRejectedAt(walletCatalogueSchema, { groups: { phantom: { key: 'phantom', name: 'P' } }, wallets: { Phantom: catalogueEntry } }, 'wallets.Phantom');
  });
});
