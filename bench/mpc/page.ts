// The MPC benchmark's page (bundled by ../mpc.mjs from the BUILT packages): times keygen and signing in this
// browser against the sandbox, with the kit's own pieces — the mpcSession machine over the JSON-RPC socket, the
// client ceremonies, and for TWO_OF_TWO the whole client (`signer().signTransaction`, vault included).
import { createLatchkeyClient, createMemoryStorage, getSessionStatus } from '@latchkey/headless';
import { createEmailVerification, signInWithEmailVerification } from '@latchkey/headless/email';
import {
  connectMpcSocket,
  createMemoryShareVaultStore,
  createMpcWallet,
  createMpcWalletClient,
  keygenCeremony,
  mpcSessionMachine,
  signCeremony,
  signMpcMessage,
  type Ceremony,
  type KeyMaterial,
} from '@latchkey/headless/mpc';
import { createSocketClient } from '@latchkey/headless/socket';
import { CLIENT_KEY_SHARES, decodePublic, toHex, type FrostScheme } from '@latchkey/protocol/frost';
import bs58 from 'bs58';
import { createActor, waitFor } from 'xstate';

const params = new URLSearchParams(location.search);
const sandboxUrl = params.get('sandbox') ?? '';
const environmentId = params.get('env') ?? '';
let counter = 0;

async function signedIn() {
  const client = createLatchkeyClient({ environmentId, apiBaseUrl: sandboxUrl, storage: createMemoryStorage(), console: false, sendLogs: false });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  counter += 1;
  const email = `bench-${Date.now().toString(36)}-${counter}@example.test`;
  const { verificationUUID } = await createEmailVerification(client, { email });
  const inbox = (await (await fetch(`${sandboxUrl}/sandbox/inbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } })).json()) as { code: string }[];
  const response = await signInWithEmailVerification(client, { verificationUUID, verificationToken: inbox[0]!.code });
  client.session.send({ type: 'server.signedIn', response });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
  return client;
}

type Client = Awaited<ReturnType<typeof signedIn>>;

/** One ceremony through the mpcSession machine, as the kit's client runs it. */
async function run<R>(client: Client, socket: ReturnType<typeof createSocketClient>, start: () => Promise<Ceremony<R>>): Promise<R> {
  const actor = createActor(mpcSessionMachine, { input: { connect: () => connectMpcSocket(socket, client.session.getSnapshot().context.jwt), start } }).start();
  actor.send({ type: 'user.start' });
  const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
  if (done.matches('failed')) throw done.context.error;
  return done.context.result as R;
}

const socketUrl = () => `${sandboxUrl.replace(/^http/, 'ws')}/api/v0/sdk/${environmentId}/waas/socket`;

async function keygen(client: Client, socket: ReturnType<typeof createSocketClient>, scheme: FrostScheme): Promise<KeyMaterial> {
  const ids = Array.from({ length: CLIENT_KEY_SHARES[scheme] }, () => crypto.randomUUID());
  return run(client, socket, async () => keygenCeremony(await createMpcWallet(client, { chain: 'SOL', clientKeygenIds: ids, thresholdSignatureScheme: scheme }), scheme, ids));
}

/** A legacy transfer message's size: what a Solana signature signs. */
const message = () => crypto.getRandomValues(new Uint8Array(150));

async function benchScheme(scheme: FrostScheme, runs: number) {
  const keygenMs: number[] = [];
  let last: { client: Client; socket: ReturnType<typeof createSocketClient>; material: KeyMaterial } | undefined;
  for (let i = 0; i < runs; i++) {
    const client = await signedIn();
    const socket = createSocketClient({ url: socketUrl(), autoConnect: false });
    await connectMpcSocket(socket, client.session.getSnapshot().context.jwt);
    const started = performance.now();
    const material = await keygen(client, socket, scheme);
    keygenMs.push(performance.now() - started);
    if (last) {
      last.socket.close();
      await last.client.destroy();
    }
    last = { client, socket, material };
  }
  const signMs: number[] = [];
  const { client, socket, material } = last!;
  const pub = decodePublic(material.public);
  for (let i = 0; i < runs; i++) {
    const bytes = message();
    const started = performance.now();
    await run(client, socket, async () => signCeremony(await signMpcMessage(client, { walletId: material.walletId, message: toHex(bytes) }), pub, [material.shares[0]!.secret], bytes));
    signMs.push(performance.now() - started);
  }
  socket.close();
  await client.destroy();
  return { scheme, keygenMs, signMs };
}

/** A legacy System-program transfer from `address` (its wire bytes, one empty signature slot). */
function transferTransaction(address: string): Uint8Array {
  const from = bs58.decode(address);
  const to = crypto.getRandomValues(new Uint8Array(32));
  const data = new Uint8Array(12);
  new DataView(data.buffer).setUint32(0, 2, true);
  new DataView(data.buffer).setBigUint64(4, 1_000_000n, true);
  const message = [1, 0, 1, 3, ...from, ...to, ...new Uint8Array(32), ...crypto.getRandomValues(new Uint8Array(32)), 1, 2, 2, 0, 1, data.length, ...data];
  return Uint8Array.from([1, ...new Uint8Array(64), ...message]);
}

/** TWO_OF_TWO through the whole client: a Solana transaction signed by `signer().signTransaction` (vault, room, rounds). */
async function benchClientTransaction(runs: number) {
  const client = await signedIn();
  const wallet = createMpcWalletClient(client, { vault: createMemoryShareVaultStore() });
  const account = await wallet.createWallet({ scheme: 'TWO_OF_TWO' });
  const signer = wallet.signer();
  const ms: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const started = performance.now();
    await signer.signTransaction(transferTransaction(account.address));
    // The first signature opens the socket: it is a warm-up, not a sample.
    if (i > 0) ms.push(performance.now() - started);
  }
  wallet.stop();
  await client.destroy();
  return ms;
}

declare global {
  interface Window {
    mpcBench: { benchScheme: typeof benchScheme; benchClientTransaction: typeof benchClientTransaction };
  }
}
window.mpcBench = { benchScheme, benchClientTransaction };
document.body.dataset['ready'] = 'true';
