import type { TokenBalance } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { catalogueFromTokenBalances, describeSolanaHoldings, holdingsFromTokenBalances, NATIVE_SOL_ADDRESS } from './getSolanaBalances.js';

const MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const OTHER = '9ZTsGj9jYLTTYcAc7BR3WNbVPnj4tAUDkgx6EaMajXJy';
const entries: TokenBalance[] = [
  { networkId: 104, address: NATIVE_SOL_ADDRESS, name: 'Solana', symbol: 'SOL', decimals: 9, balance: 1.5, rawBalance: 1_500_000_000, price: 150, marketValue: 225 },
  { networkId: 104, address: MINT, name: 'Test dollar', symbol: 'TUSD', decimals: 6, logoURI: 'https://tokens.example/tusd.svg', balance: 7.5, rawBalance: 7_500_000, price: 1, marketValue: 7.5 },
  { networkId: 104, address: OTHER, name: 'Unknown token', symbol: '9ZTs…', decimals: 0, balance: 1e20, rawBalance: '100000000000000000000' },
];

describe('token balances of the product API → descriptions, prices and holdings', () => {
  it('default: descriptions and prices by mint; the native entry gives nativeTokenUsdPrice; undescribed mints add none', () => {
    expect(catalogueFromTokenBalances(entries)).toEqual({
      tokens: { [MINT]: { name: 'Test dollar', symbol: 'TUSD', decimals: 6, iconUrl: 'https://tokens.example/tusd.svg' } },
      tokenUsdPrices: { [MINT]: 1 },
      nativeTokenUsdPrice: 150,
    });
    expect(catalogueFromTokenBalances([])).toEqual({ tokens: {}, tokenUsdPrices: {} });
  });

  it('behavior: holdings keep exact amounts (rawBalance), also beyond the safe integer range', () => {
    const holdings = holdingsFromTokenBalances(entries);
    expect(holdings.lamports).toBe(1_500_000_000n);
    expect([...holdings.tokens]).toEqual([
      [MINT, { raw: 7_500_000n, decimals: 6 }],
      [OTHER, { raw: 100_000_000_000_000_000_000n, decimals: 0 }],
    ]);
  });

  it('behavior: described holdings show names, logos and fiat values (showFiat) — without a catalogue, Unknown token and no fiat', () => {
    const holdings = holdingsFromTokenBalances(entries);
    const catalogue = catalogueFromTokenBalances(entries);
    const described = describeSolanaHoldings(holdings, { networkId: 104, ...catalogue, showFiat: true });
    expect(described.map(({ symbol, name, balance, marketValue, logoURI }) => ({ symbol, name, balance, marketValue, logoURI }))).toEqual([
      { symbol: 'SOL', name: 'Solana', balance: '1.5', marketValue: '225.0', logoURI: undefined },
      { symbol: '9ZTs…', name: 'Unknown token', balance: '100000000000000000000.0', marketValue: undefined, logoURI: undefined },
      { symbol: 'TUSD', name: 'Test dollar', balance: '7.5', marketValue: '7.5', logoURI: 'https://tokens.example/tusd.svg' },
    ]);
    const hidden = describeSolanaHoldings(holdings, { networkId: 104, ...catalogue, showFiat: false });
    expect(hidden.every((balance) => balance.marketValue === undefined)).toBe(true);
    expect(hidden[0]?.price).toBe(150);
    const bare = describeSolanaHoldings(holdings, { networkId: 104, showFiat: true });
    expect(bare.map((balance) => [balance.name, balance.price])).toEqual([
      ['Solana', undefined],
      ['Unknown token', undefined],
      ['Unknown token', undefined],
    ]);
  });

  it('behavior: enableMultiAsset false keeps SOL alone (its price and fiat value too); unset or true keeps the tokens', () => {
    const holdings = holdingsFromTokenBalances(entries);
    const catalogue = catalogueFromTokenBalances(entries);
    const nativeOnly = describeSolanaHoldings(holdings, { networkId: 104, ...catalogue, showFiat: true, enableMultiAsset: false });
    expect(nativeOnly.map(({ symbol, balance, marketValue }) => ({ symbol, balance, marketValue }))).toEqual([{ symbol: 'SOL', balance: '1.5', marketValue: '225.0' }]);
    expect(describeSolanaHoldings(holdings, { networkId: 104, ...catalogue, enableMultiAsset: true }).map((balance) => balance.symbol)).toEqual(['SOL', '9ZTs…', 'TUSD']);
    expect(describeSolanaHoldings(holdings, { networkId: 104, ...catalogue })).toHaveLength(3);
  });
});
