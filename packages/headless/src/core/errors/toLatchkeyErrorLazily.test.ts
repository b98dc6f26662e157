import { describe, expect, it, vi } from 'vitest';
import { LatchkeyError } from './LatchkeyError.js';
import { toLatchkeyErrorLazily } from './toLatchkeyErrorLazily.js';

// The contract chunk cannot be fetched (offline): the conversion it carries is out of reach.
vi.mock('../contract/contract.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('toLatchkeyErrorLazily when the contract chunk cannot load', () => {
  it('error: the network is what failed — network_error, with what was thrown as the cause', async () => {
    // With the chunk in, this would be UNKNOWN with its message (toLatchkeyError.test.ts).
    const thrown = new Error('odd');
    const error = await toLatchkeyErrorLazily(thrown);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({ code: 'network_error', message: 'Network error. Check your connection and try again.', cause: thrown });
  });

  it('behavior: a LatchkeyError needs no conversion and is returned as it is', async () => {
    const original = new LatchkeyError('invalid_code');
    expect(await toLatchkeyErrorLazily(original)).toBe(original);
  });
});
