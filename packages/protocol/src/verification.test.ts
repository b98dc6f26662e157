import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from './constants.js';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';
import { P256_KEY, UUID } from './test/fixtures.js';
import {
  emailSignInSchema,
  emailVerificationSchema,
  INVALID_PHONE_NUMBER_MESSAGE,
  phoneSignInSchema,
  phoneVerificationSchema,
  verificationDataSchema,
} from './verification.js';

const phone = { phoneCountryCode: '1', phoneNumber: '5555550123', isoCountryCode: 'US' };

describe('verification records', () => {
  it('default: e-mail and phone sign-in, verification and verification data parse', () => {
    expectParses(emailSignInSchema, { email: 'ada@example.com' });
    expectParses(emailVerificationSchema, { verificationUUID: UUID, email: 'ada@example.com' });
    expectParses(phoneSignInSchema, phone);
    expectParses(phoneVerificationSchema, { ...phone, verificationUUID: UUID, captchaToken: 't' });
    expectParses(verificationDataSchema, { verificationUUID: UUID, verificationToken: '123456', sessionPublicKey: P256_KEY });
  });

  it('default: EMAIL_PATTERN is the pattern emailSchema checks with (zod\'s default e-mail pattern)', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe('');
    for (const address of ['ada@example.com', 'a.b+tag@sub.example.org', 'nope', 'a@b', 'a..b@example.com', ' ada@example.com']) {
      expect(emailSignInSchema.safeParse({ email: address }).success, address).toBe(EMAIL_PATTERN.test(address));
    }
  });

  it("error: a bad phone number carries the spec's wording", () => {
    expectRejectedAt(phoneSignInSchema, { ...phone, phoneNumber: '555-0123' }, 'phoneNumber', INVALID_PHONE_NUMBER_MESSAGE);
    expectRejectedAt(phoneSignInSchema, { ...phone, phoneNumber: '123' }, 'phoneNumber', 'Invalid phone number.');
  });

  it('error: a bad country code, a bad ISO code, a missing verification id', () => {
    expectRejectedAt(phoneSignInSchema, { ...phone, phoneCountryCode: '+1' }, 'phoneCountryCode');
    expectRejectedAt(phoneSignInSchema, { ...phone, isoCountryCode: 'us' }, 'isoCountryCode');
    expectRejectedAt(phoneVerificationSchema, phone, 'verificationUUID');
  });

  it('error: a bad e-mail and a bad session key', () => {
    expectRejectedAt(emailSignInSchema, { email: 'not-an-email' }, 'email', 'valid e-mail');
    expectRejectedAt(verificationDataSchema, { verificationUUID: UUID, verificationToken: '1', sessionPublicKey: 'xyz' }, 'sessionPublicKey');
  });
});
