import { describe, expect, it } from 'vitest';
import { createSolanaRpc, SolanaRpcError } from './createSolanaRpc.js';

const URL_ = 'http://127.0.0.1:8899/';

/** A node that answers each request with `answer(body)` (status 200 unless it returns a Response), recording the bodies. */
function fakeNode(answer: (body: unknown) => unknown) {
  const bodies: unknown[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as unknown;
    bodies.push(body);
    const reply = answer(body);
    return reply instanceof Response ? reply : new Response(JSON.stringify(reply), { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, bodies };
}

describe('createSolanaRpc', () => {
  it('default: a call POSTs one JSON-RPC 2.0 request and resolves to its result', async () => {
    const node = fakeNode((body) => ({ jsonrpc: '2.0', id: (body as { id: number }).id, result: { context: { slot: 1 }, value: 42 } }));
    const rpc = createSolanaRpc({ url: URL_, fetch: node.fetch });
    await expect(rpc.call('getBalance', ['addr', { commitment: 'confirmed' }])).resolves.toEqual({ context: { slot: 1 }, value: 42 });
    expect(node.bodies).toEqual([{ jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['addr', { commitment: 'confirmed' }] }]);
  });

  it('behavior: a batch sends one array and answers in the order asked, whatever order the node answers in', async () => {
    const node = fakeNode((body) => (body as Array<{ id: number; method: string }>).map((request) => ({ jsonrpc: '2.0', id: request.id, result: request.method })).reverse());
    const rpc = createSolanaRpc({ url: URL_, fetch: node.fetch });
    await expect(rpc.batch([['getSlot'], ['getBlockHeight', [{ commitment: 'confirmed' }]]])).resolves.toEqual(['getSlot', 'getBlockHeight']);
    expect(node.bodies).toHaveLength(1);
    await expect(rpc.batch([])).resolves.toEqual([]);
    expect(node.bodies).toHaveLength(1);
  });

  it("error: the node's error answer is a SolanaRpcError with its code, message and data; in a batch too", async () => {
    const refusal = { code: -32002, message: 'Transaction simulation failed: Blockhash not found', data: { logs: ['log'], err: 'BlockhashNotFound' } };
    const node = fakeNode((body) =>
      Array.isArray(body) ? body.map((request: { id: number }, index) => (index === 1 ? { id: request.id, error: refusal } : { id: request.id, result: 1 })) : { id: 1, error: refusal },
    );
    const rpc = createSolanaRpc({ url: URL_, fetch: node.fetch });
    const error = await rpc.call('sendTransaction', ['AAAA']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SolanaRpcError);
    expect(error).toMatchObject({ method: 'sendTransaction', code: -32002, data: refusal.data, message: 'sendTransaction: Transaction simulation failed: Blockhash not found' });
    await expect(rpc.batch([['getSlot'], ['getBlockHeight']])).rejects.toMatchObject({ method: 'getBlockHeight', code: -32002 });
  });

  it('error: a batch the node refuses whole is its error; a non-2xx answer an Error with the status and text', async () => {
    const whole = createSolanaRpc({ url: URL_, fetch: fakeNode(() => ({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: empty batch' } })).fetch });
    await expect(whole.batch([['getSlot']])).rejects.toMatchObject({ name: 'SolanaRpcError', code: -32600 });
    const broken = createSolanaRpc({ url: URL_, fetch: fakeNode(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' })).fetch });
    await expect(broken.call('getSlot')).rejects.toThrow('502 Bad Gateway: upstream down');
  });

  it('behavior: a rate-limited request (429) is sent again after 500, 1000, 2000 and 4000 ms, then its answer stands', async () => {
    const waits: number[] = [];
    let limited = 0;
    const node = fakeNode((body) => (limited++ < 2 ? new Response('slow down', { status: 429, statusText: 'Too Many Requests' }) : { id: (body as { id: number }).id, result: 'ok' }));
    const rpc = createSolanaRpc({ url: URL_, fetch: node.fetch, sleep: async (ms) => void waits.push(ms) });
    await expect(rpc.call('getSlot')).resolves.toBe('ok');
    expect(waits).toEqual([500, 1000]);
    const always = createSolanaRpc({ url: URL_, fetch: fakeNode(() => new Response('slow down', { status: 429, statusText: 'Too Many Requests' })).fetch, sleep: async (ms) => void waits.push(ms) });
    await expect(always.call('getSlot')).rejects.toThrow('429 Too Many Requests');
    expect(waits).toEqual([500, 1000, 500, 1000, 2000, 4000]);
  });

  it('error: an unreachable node rejects with what fetch threw (the kit calls it network_error)', async () => {
    const rpc = createSolanaRpc({ url: 'http://127.0.0.1:9/' });
    await expect(rpc.call('getSlot')).rejects.toBeInstanceOf(TypeError);
  });

  it('error: a node that never answers, or stops mid-answer, fails the call with a TimeoutError at timeoutMs (not a wait for good)', async () => {
    const silent = createSolanaRpc({ url: URL_, fetch: (() => new Promise<Response>(() => undefined)) as unknown as typeof globalThis.fetch, timeoutMs: 30 });
    await expect(silent.call('getLatestBlockhash')).rejects.toMatchObject({ name: 'TimeoutError' });
    const stalled = createSolanaRpc({ url: URL_, fetch: fakeNode(() => new Response(new ReadableStream({ start() {} }), { status: 200 })).fetch, timeoutMs: 30 });
    await expect(stalled.batch([['getLatestBlockhash'], ['getBalance']])).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
