import { randomInt, randomUUID } from 'node:crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createTestClient, getLatestCode } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useEmailSignIn } from './useEmailSignIn.js';
import { useSession } from './useSession.js';
import { useSmsSignIn } from './useSmsSignIn.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

/** A fresh valid UK mobile number (07400 1xxxxx). */
const freshNational = () => `07400${String(100000 + randomInt(0, 899999))}`;
const e164Of = (national: string) => `+44${national.slice(1)}`;

async function renderFlows() {
  const client = await createTestClient({ sandboxUrl });
  clients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  return renderHook(
    () => ({ session: useSession(), sms: useSmsSignIn(), addEmail: useEmailSignIn({ purpose: 'link' }), addPhone: useSmsSignIn({ purpose: 'link' }) }),
    { wrapper },
  );
}

const wrong = (code: string) => code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);

describe('useSmsSignIn (against the sandbox)', () => {
  it("default: send → wrong code → right code → signed in; 'Invalid phone number.' for a bad number first", async () => {
    const { result } = await renderFlows();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));

    act(() => result.current.sms.sendCode({ phoneNumber: '0740', isoCountryCode: 'GB' }));
    await waitFor(() => expect(result.current.sms.error?.message).toBe('Invalid phone number.'));
    expect(result.current.sms.status).toBe('idle');

    const national = freshNational();
    act(() => result.current.sms.sendCode({ phoneNumber: national, isoCountryCode: 'GB' }));
    expect(result.current.sms.isBusy).toBe(true);
    await waitFor(() => expect(result.current.sms.status).toBe('awaitingCode'));
    expect(result.current.sms.sentTo?.e164).toBe(e164Of(national));
    const code = await getLatestCode({ sandboxUrl, to: e164Of(national) });

    act(() => result.current.sms.submitCode(wrong(code)));
    await waitFor(() => expect(result.current.sms.error?.code).toBe('wrong_sms_verification_token'));
    expect(result.current.sms.error?.message).toBe('The code is invalid or expired.');
    act(() => result.current.sms.submitCode(code));
    await waitFor(() => expect(result.current.sms.status).toBe('done'));
    expect(result.current.session.status).toBe('signedIn');
    expect(result.current.session.user?.phoneNumber).toBe(e164Of(national));
  });

  it('behavior: a phone-signed-in user adds an e-mail; an e-mail another user has is refused as a sentence', async () => {
    const taken = `taken-${randomUUID()}@example.com`;
    // another user owns `taken`
    const owner = await createTestClient({ sandboxUrl });
    clients.push(owner);
    const ownerFlow = renderHook(() => useEmailSignIn(), { wrapper: ({ children }) => <LatchkeyProvider client={owner}>{children}</LatchkeyProvider> });
    act(() => ownerFlow.result.current.sendCode(taken));
    await waitFor(() => expect(ownerFlow.result.current.status).toBe('awaitingCode'));
    const ownerCode = await getLatestCode({ sandboxUrl, to: taken });
    act(() => ownerFlow.result.current.submitCode(ownerCode));
    await waitFor(() => expect(ownerFlow.result.current.status).toBe('done'));

    const { result } = await renderFlows();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    const national = freshNational();
    act(() => result.current.sms.sendCode({ phoneNumber: national, isoCountryCode: 'GB' }));
    await waitFor(() => expect(result.current.sms.status).toBe('awaitingCode'));
    const smsCode = await getLatestCode({ sandboxUrl, to: e164Of(national) });
    act(() => result.current.sms.submitCode(smsCode));
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));

    act(() => result.current.addEmail.sendCode(taken));
    await waitFor(() => expect(result.current.addEmail.status).toBe('awaitingCode'));
    const takenCode = await getLatestCode({ sandboxUrl, to: taken });
    act(() => result.current.addEmail.submitCode(takenCode));
    await waitFor(() => expect(result.current.addEmail.error?.code).toBe('user_has_already_account_with_email'));
    expect(result.current.addEmail.error?.message).toBe('Another account already uses this email address.');
    expect(result.current.session.status).toBe('signedIn');
    expect(result.current.session.user?.email).toBeUndefined();

    const mine = `mine-${randomUUID()}@example.com`;
    act(() => result.current.addEmail.reset());
    act(() => result.current.addEmail.sendCode(mine));
    await waitFor(() => expect(result.current.addEmail.status).toBe('awaitingCode'));
    const mineCode = await getLatestCode({ sandboxUrl, to: mine });
    act(() => result.current.addEmail.submitCode(mineCode));
    await waitFor(() => expect(result.current.addEmail.status).toBe('done'));
    expect(result.current.session.user?.email).toBe(mine);
    expect(result.current.session.user?.verifiedCredentials.map((credential) => credential.format).sort()).toEqual(['email', 'phoneNumber']);
  });
});
