import type { FrostPublic, FrostSecret, Key } from '@noble/curves/abstract/frost.js';
import { dkgShares, finishDkg, startDkg } from '../frost/dkg.js';
import { identifierOf } from '../frost/identifier.js';
import { BACKUP_KEY_SHARES, CLIENT_KEY_SHARES, FROST_SIGNERS, SERVER_KEY_SHARES, type FrostScheme } from '../frost/scheme.js';
import { aggregateSignature, commitShares, signCommitted } from '../frost/signing.js';

/** Two parties — the client (device + backups) and the server — run the DKG in memory, as the kit and the sandbox do over the socket. */
export function keygen(scheme: FrostScheme, tag = 'w'): { pub: FrostPublic; device: FrostSecret; backups: FrostSecret[]; server: FrostSecret[] } {
  const signers = FROST_SIGNERS[scheme];
  const clientIds = Array.from({ length: CLIENT_KEY_SHARES[scheme] }, (_, i) => identifierOf(`${tag}-client-${i}`));
  const serverIds = Array.from({ length: SERVER_KEY_SHARES[scheme] }, (_, i) => identifierOf(`${tag}-server-${i}`));
  const client = startDkg(clientIds, signers);
  const server = startDkg(serverIds, signers);
  const round1 = [...client.round1, ...server.round1];
  const shares = [...dkgShares(client.party, round1), ...dkgShares(server.party, round1)];
  const clientKeys = finishDkg(client.party, round1, shares);
  const serverKeys = finishDkg(server.party, round1, shares);
  const secrets = (keys: Key[]) => keys.map((key) => key.secret);
  const [device, ...backups] = secrets(clientKeys);
  if (!device || backups.length !== BACKUP_KEY_SHARES[scheme]) throw new Error('keygen: wrong share count');
  return { pub: (clientKeys[0] as Key).public, device, backups, server: secrets(serverKeys) };
}

/** Everyone in `signers` signs `message` (each its own round one), as one coordinator would aggregate it. */
export function signWith(pub: FrostPublic, signers: readonly FrostSecret[], message: Uint8Array): Uint8Array {
  const rounds = signers.map((secret) => ({ secret, ...commitShares([secret]) }));
  const commitmentList = rounds.flatMap((round) => round.commitments);
  const shares = Object.assign({}, ...rounds.map((round) => signCommitted([round.secret], pub, round.nonces, commitmentList, message)));
  return aggregateSignature(pub, commitmentList, message, shares);
}
