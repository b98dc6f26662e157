import type { MessageId } from '../../messages/en.js';

/** The line a running command shows: the ceremony's round when one runs, else what the command does. */
export function progressMessage(status: string, round: string | undefined): { id: MessageId; step?: number } | undefined {
  if (round === 'connecting' || round === 'restarting') return { id: 'mpc.round.connecting' };
  if (round === 'opening') return { id: 'mpc.round.opening' };
  const rounds: Record<string, { id: MessageId; step: number }> = {
    keygenRound1: { id: 'mpc.round.keygen', step: 1 },
    keygenRound2: { id: 'mpc.round.keygen', step: 2 },
    keygenRound3: { id: 'mpc.round.keygen', step: 3 },
    signCommit: { id: 'mpc.round.sign', step: 1 },
    signShare: { id: 'mpc.round.sign', step: 2 },
    reshareRound1: { id: 'mpc.round.reshare', step: 1 },
    reshareRound2: { id: 'mpc.round.reshare', step: 2 },
    reshareRound3: { id: 'mpc.round.reshare', step: 3 },
    exportShare: { id: 'mpc.round.export', step: 1 },
  };
  if (round && rounds[round]) return rounds[round];
  if (status === 'backingUp') return { id: 'mpc.round.backingUp' };
  if (status === 'restoring') return { id: 'mpc.round.restoring' };
  if (status === 'creating' || status === 'resharing' || status === 'signing' || status === 'exporting') return { id: 'mpc.round.connecting' };
  return undefined;
}
