import { describe, expect, it } from 'vitest';
import { solanaExplorerUrl } from './getSolanaActivity.js';

describe('solanaExplorerUrl', () => {
  it('default: the explorer path gains tx/<signature>, its query kept', () => {
    expect(solanaExplorerUrl({ blockExplorerUrls: ['https://explorer.solana.com/?cluster=devnet'] }, 'SIG')).toBe('https://explorer.solana.com/tx/SIG?cluster=devnet');
    expect(solanaExplorerUrl({ blockExplorerUrls: ['https://solscan.io/'] }, 'SIG')).toBe('https://solscan.io/tx/SIG');
    expect(solanaExplorerUrl({ blockExplorerUrls: ['http://127.0.0.1:4010/explorer'] }, 'SIG')).toBe('http://127.0.0.1:4010/explorer/tx/SIG');
  });

  it('error: none configured, not a URL, or not https (http only on loopback) gives no link', () => {
    expect(solanaExplorerUrl({ blockExplorerUrls: [] }, 'SIG')).toBeUndefined();
    expect(solanaExplorerUrl(undefined, 'SIG')).toBeUndefined();
    expect(solanaExplorerUrl({ blockExplorerUrls: ['not a url'] }, 'SIG')).toBeUndefined();
    expect(solanaExplorerUrl({ blockExplorerUrls: ['http://explorer.example/'] }, 'SIG')).toBeUndefined();
    expect(solanaExplorerUrl({ blockExplorerUrls: ['javascript:alert(1)'] }, 'SIG')).toBeUndefined();
  });
});
