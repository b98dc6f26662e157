import { describe, it } from 'vitest';
import {
  accessListEntrySchema,
  accessListSchema,
  analyticsEventSchema,
  fieldAvailabilitySchema,
  keyLabelSchema,
  maliciousFlagSchema,
  singleUseFlagSchema,
  tokenWrapperSchema,
} from './records.js';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';
import { SOL_ADDRESS } from './test/fixtures.js';

describe('small records', () => {
  it('default: analytics event, access list, key label, flags, wrapper, triple', () => {
    expectParses(analyticsEventSchema, { anonymousId: 'anon-1', event: 'walletConnected', properties: { wallet: 'phantom' }, type: 'track' });
    expectParses(accessListSchema, { name: 'beta', entries: [{ value: SOL_ADDRESS, action: 'allow' }, { value: 'spam@example.com', action: 'block' }] });
    expectParses(keyLabelSchema, { label: 'Main' });
    expectParses(keyLabelSchema, { label: 'Main', key: 'k1' });
    expectParses(maliciousFlagSchema, { isMalicious: false });
    expectParses(tokenWrapperSchema, { token: { decimals: 9, name: 'Solana', symbol: 'SOL' } });
    expectParses(singleUseFlagSchema, { singleUse: true });
    expectParses(fieldAvailabilitySchema, { field: 'username', value: 'ada', available: false });
  });

  it('error: an event type other than track, an access action other than allow/block', () => {
    expectRejectedAt(analyticsEventSchema, { anonymousId: 'a', event: 'e', type: 'page' }, 'type');
    expectRejectedAt(accessListEntrySchema, { value: SOL_ADDRESS, action: 'deny' }, 'action');
    expectRejectedAt(accessListEntrySchema, { value: '   ', action: 'allow' }, 'value');
  });

  it('error: an empty label, a non-boolean flag, an availability without a field', () => {
    expectRejectedAt(keyLabelSchema, { label: '' }, 'label');
    expectRejectedAt(maliciousFlagSchema, { isMalicious: 'no' }, 'isMalicious');
    expectRejectedAt(fieldAvailabilitySchema, { value: 'x', available: true }, 'field');
  });
});
