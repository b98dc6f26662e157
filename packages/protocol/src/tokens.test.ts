import { describe, expect, it } from 'vitest';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';
import { SOL_ADDRESS } from './test/fixtures.js';
import {
  balancesQuerySchema,
  currencySchema,
  nativeTokenPriceSchema,
  onrampQuerySchema,
  onrampSchema,
  tokenAssetSchema,
  tokenBalanceSchema,
  tokenDescriptionSchema,
} from './tokens.js';
import {
  amountUnitSchema,
  assetExposureSchema,
  optimizeTransactionSchema,
  transactionRequestSchema,
  transactionSimulationSchema,
} from './transactions.js';

const balance = { networkId: 103, address: SOL_ADDRESS, name: 'Solana', symbol: 'SOL', decimals: 9, balance: 1.5, rawBalance: 1_500_000_000, price: 150, marketValue: 225 };
const token = { decimals: 6, name: 'USD Coin', symbol: 'USDC', iconUrl: 'https://example.com/usdc.svg' };

describe('token and money records', () => {
  it('default: balance, price, description, asset, currency, onramp', () => {
    expectParses(tokenBalanceSchema, balance);
    expectParses(tokenBalanceSchema, { ...balance, rawBalance: '123456789012345678901234567890' });
    expectParses(nativeTokenPriceSchema, { nativeTokenUsdPrice: 150 });
    expectParses(tokenDescriptionSchema, token);
    expectParses(tokenAssetSchema, { address: SOL_ADDRESS, chainId: 103, chainName: 'solana', decimals: 9, name: 'Solana', symbol: 'SOL', type: 'native' });
    expectParses(currencySchema, { name: 'US Dollar', symbol: '$', type: 'fiat', code: 'USD' });
    expectParses(onrampSchema, { enabled: true, onramps: [{ provider: 'coinbaseOnramp', name: 'Coinbase', url: 'https://pay.example.com' }] });
  });

  it('error: a negative or fractional raw balance, too many decimals', () => {
    expectRejectedAt(tokenBalanceSchema, { ...balance, rawBalance: -1 }, 'rawBalance');
    expectRejectedAt(tokenBalanceSchema, { ...balance, rawBalance: '1.5' }, 'rawBalance');
    expectRejectedAt(tokenDescriptionSchema, { ...token, decimals: 256 }, 'decimals');
  });

  it('error: a currency kind outside fiat and crypto, an unknown onramp provider', () => {
    expectRejectedAt(currencySchema, { name: 'x', symbol: 'x', type: 'stock', code: 'X' }, 'type');
    expectRejectedAt(onrampSchema, { enabled: true, onramps: [{ provider: 'moonpay', name: 'x', url: 'https://x.example.com' }] }, 'onramps.0.provider');
  });

  it('behavior: GET queries take strings and coerce them', () => {
    expect(expectParses(balancesQuerySchema, { accountAddress: SOL_ADDRESS, networkId: '103', includePrices: 'true' })).toEqual({
      accountAddress: SOL_ADDRESS,
      networkId: 103,
      includePrices: true,
    });
    expectRejectedAt(balancesQuerySchema, { accountAddress: SOL_ADDRESS, networkId: 'main' }, 'networkId');
    expectRejectedAt(balancesQuerySchema, { accountAddress: SOL_ADDRESS, includeNative: 'maybe' }, 'includeNative');
    expectRejectedAt(onrampQuerySchema, { chain: 'SOL' }, 'walletAddress');
  });
});

describe('transaction records', () => {
  const simulation = {
    inAssets: [{ asset: token, transfers: [{ value: '10.5', rawValue: '10500000', summary: '+10.5 USDC', usdPrice: 1 }] }],
    outAssets: [],
    counterparties: [SOL_ADDRESS],
    priceData: { nativeTokenUsdPrice: 150 },
    showTotalFiat: true,
    validation: { result: 'benign' },
    assetExposures: [{ asset: token, spenderToInfo: { [SOL_ADDRESS]: { amount: '5', spenderAlias: 'Jupiter', usdValue: 5 } } }],
  };

  it('default: simulation, asset exposure, transaction request, optimize request, amount/unit', () => {
    expectParses(transactionSimulationSchema, simulation);
    expectParses(assetExposureSchema, simulation.assetExposures[0]);
    expectParses(transactionRequestSchema, { chain: 'SOL', transactions: ['AQID'], accountAddress: SOL_ADDRESS, domain: 'localhost:5173', method: 'signAndSendTransaction' });
    expectParses(optimizeTransactionSchema, { environmentId: 'env-1', address: SOL_ADDRESS, transaction: 'AQIDBA==' });
    expectParses(amountUnitSchema, { amount: '0.5', unit: 'SOL' });
  });

  it('error: an unknown verdict, a non-integer raw value, non-base64 transactions', () => {
    expectRejectedAt(transactionSimulationSchema, { ...simulation, validation: { result: 'suspicious' } }, 'validation.result');
    expectRejectedAt(transactionSimulationSchema, { ...simulation, inAssets: [{ asset: token, transfers: [{ value: '1', rawValue: '1.0' }] }] }, 'inAssets.0.transfers.0.rawValue');
    expectRejectedAt(transactionRequestSchema, { chain: 'SOL', transactions: ['not base64!'], accountAddress: SOL_ADDRESS }, 'transactions.0', 'base64');
    expectRejectedAt(transactionRequestSchema, { chain: 'SOL', transactions: [], accountAddress: SOL_ADDRESS }, 'transactions');
  });
});
