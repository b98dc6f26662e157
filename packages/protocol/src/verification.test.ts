import { describe, it } from 'vitest';
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
