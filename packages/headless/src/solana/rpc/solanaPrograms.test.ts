import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './solanaPrograms.js';

describe('solanaPrograms', () => {
  it('default: the token programs the balances and activity read are the ones spl-token names', () => {
    expect(TOKEN_PROGRAM_ADDRESS).toBe(TOKEN_PROGRAM_ID.toBase58());
    expect(TOKEN_2022_PROGRAM_ADDRESS).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
  });
});
