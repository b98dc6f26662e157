import { describe, expect, it } from 'vitest';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';
import {
  oauthCodeExchangeSchema,
  oauthInitAuthResponseSchema,
  oauthInitAuthSchema,
  oauthPopupMessageSchema,
  oauthStateSchema,
  telegramAuthSchema,
  telegramSignInSchema,
} from './social.js';

const state = 'Zk3l0Q2xv5m8Tq1Y';
const exchange = { code: 'auth-code', codeVerifier: 'v'.repeat(43), state };
const telegram = { id: 42, firstName: 'Ada', username: 'ada', authDate: 1_800_000_000, hash: 'a'.repeat(64), photoURL: 'https://t.example.com/a.jpg' };

describe('OAuth records', () => {
  it('default: init, state, code exchange and popup message parse', () => {
    expect(expectParses(oauthInitAuthSchema, { codeChallenge: 'c'.repeat(43) }).codeChallengeMethod).toBe('S256');
    expectParses(oauthInitAuthResponseSchema, { state, redirectUrl: 'http://127.0.0.1:4010/r', authorizationUrl: 'http://127.0.0.1:4013/authorize?x=1' });
    expectParses(oauthStateSchema, { state, redirectUrl: 'https://app.example.com/cb' });
    expectParses(oauthCodeExchangeSchema, exchange);
    expectParses(oauthPopupMessageSchema, { type: 'authorization_response', provider: 'google', code: 'c', state });
  });

  it('error: a PKCE verifier that is too short or has bad characters', () => {
    expectRejectedAt(oauthCodeExchangeSchema, { ...exchange, codeVerifier: 'short' }, 'codeVerifier');
    expectRejectedAt(oauthCodeExchangeSchema, { ...exchange, codeVerifier: `${'v'.repeat(42)}!` }, 'codeVerifier');
  });

  it('error: a guessable state, a plain challenge method, an http redirect off loopback', () => {
    expectRejectedAt(oauthCodeExchangeSchema, { ...exchange, state: 'abc' }, 'state', 'at least 16');
    expectRejectedAt(oauthInitAuthSchema, { codeChallenge: 'c'.repeat(43), codeChallengeMethod: 'plain' }, 'codeChallengeMethod');
    expectRejectedAt(oauthStateSchema, { state, redirectUrl: 'http://app.example.com/cb' }, 'redirectUrl');
  });

  it("Apple's SDK flow: a hashed nonce instead of a challenge, the raw nonce instead of a verifier", () => {
    expectParses(oauthInitAuthSchema, { nonce: 'ab'.repeat(32) });
    expectParses(oauthCodeExchangeSchema, { code: 'auth-code', nonce: 'n'.repeat(43), state });
  });

  it('error: neither challenge nor nonce, neither verifier nor nonce, a nonce not hashed', () => {
    expectRejectedAt(oauthInitAuthSchema, {}, 'codeChallenge', 'nonce');
    expectRejectedAt(oauthCodeExchangeSchema, { code: 'auth-code', state }, 'codeVerifier', 'nonce');
    expectRejectedAt(oauthInitAuthSchema, { nonce: 'AB'.repeat(32) }, 'nonce', 'SHA-256');
    expectRejectedAt(oauthCodeExchangeSchema, { code: 'auth-code', nonce: 'short', state }, 'nonce');
  });
});

describe('Telegram records', () => {
  it('default: widget data and the sign-in body parse', () => {
    expectParses(telegramAuthSchema, telegram);
    expectParses(telegramSignInSchema, { telegramAuth: telegram, state });
  });

  it('error: a bad hash, a non-integer id, a missing state', () => {
    expectRejectedAt(telegramAuthSchema, { ...telegram, hash: 'A'.repeat(64) }, 'hash');
    expectRejectedAt(telegramAuthSchema, { ...telegram, id: 4.2 }, 'id');
    expectRejectedAt(telegramSignInSchema, { telegramAuth: telegram }, 'state');
  });

  it('error: a name or username holding a line break or another control character', () => {
    expectRejectedAt(telegramAuthSchema, { ...telegram, firstName: 'Ada\nid=1' }, 'firstName', 'line breaks');
    expectRejectedAt(telegramAuthSchema, { ...telegram, lastName: 'L\u0000' }, 'lastName', 'control characters');
    expectRejectedAt(telegramAuthSchema, { ...telegram, username: 'x\rid=2' }, 'username');
    expectParses(telegramAuthSchema, { ...telegram, firstName: 'Ada Lovelace-Byron', lastName: 'Ğülşen 🌙' });
  });
});
