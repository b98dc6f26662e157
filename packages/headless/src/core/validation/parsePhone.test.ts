import { describe, expect, it } from 'vitest';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { looksLikePhone, parsePhone } from './parsePhone.js';

describe('parsePhone', () => {
  it('default: national digits with the picked country → E.164 and the wire parts', async () => {
    await expect(parsePhone({ phoneNumber: '(201) 555-0123', isoCountryCode: 'US' })).resolves.toEqual({
      e164: '+12015550123',
      international: '+1 201 555 0123',
      phoneCountryCode: '1',
      phoneNumber: '2015550123',
      isoCountryCode: 'US',
    });
    await expect(parsePhone({ phoneNumber: '07400 123456', isoCountryCode: 'gb' })).resolves.toMatchObject({ e164: '+447400123456', isoCountryCode: 'GB' });
  });

  it('behavior: a +… number keeps its own country, whatever was picked', async () => {
    await expect(parsePhone({ phoneNumber: '+44 7400 123456', isoCountryCode: 'US' })).resolves.toMatchObject({
      e164: '+447400123456',
      phoneCountryCode: '44',
      isoCountryCode: 'GB',
    });
  });

  it.each([
    ['empty', { phoneNumber: '', isoCountryCode: 'US' }],
    ['letters', { phoneNumber: 'call me', isoCountryCode: 'US' }],
    ['too short', { phoneNumber: '555', isoCountryCode: 'US' }],
    ['too long', { phoneNumber: '2015550123456789', isoCountryCode: 'US' }],
    ['unknown country', { phoneNumber: '2015550123', isoCountryCode: 'ZZ' }],
    ['no country for a national number', { phoneNumber: '2015550123', isoCountryCode: '' }],
    ['not a string', { phoneNumber: 2015550123 as unknown as string, isoCountryCode: 'US' }],
  ])("error: %s → invalid_phone 'Invalid phone number.'", async (_, input) => {
    const error = await parsePhone(input).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({ code: 'invalid_phone', message: 'Invalid phone number.', path: 'phoneNumber' });
  });
});

describe('looksLikePhone', () => {
  it('default: digits, +, spaces and punctuation read as a phone; anything with @ or letters as an e-mail', () => {
    for (const text of ['+1 201 555 0123', '2015550123', '(201) 555-0123', '07400 123456']) expect(looksLikePhone(text)).toBe(true);
    for (const text of ['', '  ', 'ada@example.com', '123@example.com', 'ada', '+', '-- --']) expect(looksLikePhone(text)).toBe(false);
  });
});
