import { describe, expect, it } from 'vitest';
import { createTestWallet } from '../../testing/createTestWallet.js';
import { defaultWalletCatalogue } from '../wallets/catalogue/defaultWalletCatalogue.js';
import { parseWalletCatalogue } from '../wallets/catalogue/parseWalletCatalogue.js';
import { listWalletOptions } from '../wallets/standard/solanaWallets.js';
import { mobileAsWalletStatus, toWalletListEntries } from './walletListEntries.js';

const catalogue = parseWalletCatalogue(defaultWalletCatalogue)!;
const PAGE = 'https://acme.example/rewards';

describe('toWalletListEntries', () => {
  it('default: on a phone, redirect wallets open by redirect (listed first), in-app-browser wallets by link', () => {
    const rows = toWalletListEntries(listWalletOptions([], catalogue, 'connect-and-sign'), 'phone', PAGE);
    expect(rows.slice(0, 2).map((row) => [row.key, row.connectVia])).toEqual([
      ['phantom', 'mobileRedirect'],
      ['solflare', 'mobileRedirect'],
    ]);
    expect(rows.find((row) => row.key === 'backpacksol')).toMatchObject({ connectVia: 'mobileBrowse', mobileUrl: `https://backpack.app/ul/v1/browse/${encodeURIComponent(PAGE)}?ref=${encodeURIComponent('https://acme.example')}` });
    expect(rows.find((row) => row.key === 'phantomledger')?.connectVia).toBe('install');
  });

  it("behavior: inside a wallet's in-app browser its injected wallet is used (the row is installed), even on a phone", () => {
    const rows = toWalletListEntries(listWalletOptions([createTestWallet({ name: 'Phantom' })], catalogue, 'connect-and-sign'), 'phone', PAGE);
    expect(rows.find((row) => row.key === 'phantom')).toMatchObject({ installed: true, connectVia: 'extension', mobileUrl: undefined });
    expect(rows[0]?.connectVia).toBe('extension');
  });

  it('behavior: on a desktop, mobile wallets offer the QR code of the in-app-browser link; no redirect', () => {
    const rows = toWalletListEntries(listWalletOptions([], catalogue, 'connect-and-sign'), 'desktop', PAGE);
    expect(rows.find((row) => row.key === 'phantom')).toMatchObject({ connectVia: 'qrCode', mobileUrl: `https://phantom.app/ul/browse/${encodeURIComponent(PAGE)}?ref=${encodeURIComponent('https://acme.example')}` });
    expect(rows.some((row) => row.connectVia === 'mobileRedirect' || row.connectVia === 'mobileBrowse')).toBe(false);
  });

  it('behavior: the redirect steps as list statuses; idle and the plain connection states are not the list’s', () => {
    expect(['redirecting', 'returned', 'verifying', 'signedIn', 'rejected', 'failed'].map((status) => mobileAsWalletStatus(status as never))).toEqual(['connecting', 'signing', 'signing', 'done', 'failed', 'failed']);
    expect(mobileAsWalletStatus('idle')).toBeUndefined();
    expect(mobileAsWalletStatus('connected')).toBeUndefined();
  });
});
