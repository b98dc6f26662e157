import { MPC_ROOM_TTL_MS } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../errors/ApiError.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { MPC_OPEN_ROOMS_PER_USER } from './mpcRoomRepository.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { waas: { enabled: true } } } });
});
afterAll(() => t.close());

const openKeygen = (jwt: string, n: number) =>
  t.call('POST', '/waas/create', { token: jwt, body: { chain: 'SOL', clientKeygenIds: [`device-${n}`], thresholdSignatureScheme: 'TWO_OF_TWO' } });

describe('MPC rooms: open rooms per user', () => {
  it(`error: past ${MPC_OPEN_ROOMS_PER_USER} open rooms a user is refused 429 too_many_requests (Retry-After: when the first expires); another user is not; expiry frees the slots`, async () => {
    const { jwt } = await t.signIn('mpc-room-flood@example.com');
    for (let i = 0; i < MPC_OPEN_ROOMS_PER_USER; i++) expect((await openKeygen(jwt, i)).status).toBe(200);
    const refused = await openKeygen(jwt, MPC_OPEN_ROOMS_PER_USER);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'too_many_requests', message: messages.rateLimit });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(MPC_ROOM_TTL_MS / 1000);

    const other = await t.signIn('mpc-room-neighbour@example.com');
    expect((await openKeygen(other.jwt, 0)).status).toBe(200);

    t.clock.advance(MPC_ROOM_TTL_MS + 1);
    expect((await openKeygen(jwt, MPC_OPEN_ROOMS_PER_USER + 1)).status).toBe(200);
  });
});
