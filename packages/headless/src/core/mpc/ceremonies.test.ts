import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import type { FrostSecret } from '@noble/curves/abstract/frost.js';
import { commitShares, decodeRound1, dkgShares, encodeCommitments, encodeRound1, finishDkg, fromHex, FROST_SIGNERS, identifierOf, startDkg, toHex } from '@latchkey/protocol/frost';
import { keygenCeremony, signCeremony, type MpcRpc } from './ceremonies.js';

/**
 * A server that misbehaves, played in process with the protocol's own FROST code: the client checks what the server
 * names (the address of the key) and hands back (the combined signature) against what it computed itself.
 */
const scheme = 'TWO_OF_TWO' as const;

/** A finished DKG between one client and one server party. */
function twoParties() {
  const clientIds = [crypto.randomUUID()];
  const serverIds = [crypto.randomUUID()];
  const client = startDkg(clientIds.map(identifierOf), FROST_SIGNERS[scheme]);
  const server = startDkg(serverIds.map(identifierOf), FROST_SIGNERS[scheme]);
  const round1 = [...client.round1, ...server.round1];
  const shares = [...dkgShares(client.party, round1), ...dkgShares(server.party, round1)];
  const [clientKey] = finishDkg(client.party, round1, shares.filter((share) => share.to === identifierOf(clientIds[0]!)));
  const [serverKey] = finishDkg(server.party, round1, shares.filter((share) => share.to === identifierOf(serverIds[0]!)));
  return { clientKey: clientKey!, serverKey: serverKey! };
}

/** The server's side of a keygen, answering round 3 with `address(groupKey)`. */
async function keygenWith(address: (groupKeyAddress: string) => string) {
  const clientIds = [crypto.randomUUID()];
  const serverIds = [crypto.randomUUID()];
  const server = startDkg(serverIds.map(identifierOf), FROST_SIGNERS[scheme]);
  let all: ReturnType<typeof decodeRound1>[] = [];
  const rpc = {
    async call(method: string, params: any): Promise<any> {
      if (method === 'keygen.round1') {
        all = [...params.packages.map((pkg: any) => decodeRound1(pkg)), ...server.round1];
        return { packages: server.round1.map(encodeRound1) };
      }
      if (method === 'keygen.round2') {
        const mine = dkgShares(server.party, all);
        const toClient = mine.filter((share) => clientIds.map(identifierOf).includes(share.to));
        const received = params.packages.map((pkg: any) => ({ from: pkg.from, to: pkg.to, signingShare: fromHex(pkg.signingShare, 's', 32) }));
        finishDkg(server.party, all, [...mine.filter((share) => !toClient.includes(share)), ...received]);
        return { packages: toClient.map((share) => ({ from: share.from, to: share.to, signingShare: toHex(share.signingShare) })) };
      }
      if (method === 'keygen.round3') return { walletId: 'w1', address: address(base58.encode(fromHex(params.publicKey, 'publicKey', 32))), publicKey: params.publicKey, thresholdSignatureScheme: scheme };
      throw new Error(method);
    },
  } as unknown as MpcRpc;
  const ceremony = keygenCeremony({ roomId: 'r', serverKeygenIds: serverIds }, scheme, clientIds);
  for (const step of ceremony.steps) await step.run(rpc);
  return ceremony.result();
}

/** A signing round whose server hands back `signature` as the combined one (the honest path runs against the sandbox: mpcWallet.sandbox.test.ts). */
async function signWith(message: Uint8Array, signature: Uint8Array) {
  const { clientKey, serverKey } = twoParties();
  const rpc = {
    async call(method: string): Promise<any> {
      if (method === 'sign.commit') return { commitments: commitShares([serverKey.secret as FrostSecret]).commitments.map(encodeCommitments) };
      if (method === 'sign.share') return { shares: [], signature: toHex(signature) };
      throw new Error(method);
    },
  } as unknown as MpcRpc;
  const ceremony = signCeremony({ roomId: 'r' }, clientKey.public, [clientKey.secret as FrostSecret], message);
  for (const step of ceremony.steps) await step.run(rpc);
  return ceremony.result();
}

describe('MPC ceremonies: what the server names and returns is checked', () => {
  it('default: keygen takes the address of the key made here', async () => {
    const material = await keygenWith((own) => own);
    expect(material.address).toBe(base58.encode(fromHex(material.public.commitments[0] as string, 'pk', 32)));
  });

  it('error: keygen refuses an address that is not the group key (mpc_ceremony_refused)', async () => {
    const attacker = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
    await expect(keygenWith(() => attacker)).rejects.toMatchObject({
      code: 'mpc_ceremony_refused',
      message: 'The signing service refused the request: the address it named is not the key made with this device',
    });
  });

  it('error: a combined signature that does not verify for the message and the key is refused', async () => {
    const message = new TextEncoder().encode('pay 1 SOL to Bob');
    const other = ed25519.sign(new TextEncoder().encode('something else'), ed25519.utils.randomSecretKey());
    await expect(signWith(message, other)).rejects.toMatchObject({
      code: 'mpc_ceremony_refused',
      message: 'The signing service refused the request: the signature it returned does not verify for this message and key',
    });
  });
});
