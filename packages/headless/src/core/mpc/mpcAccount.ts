import type { KeyShareRecord, User } from '@latchkey/protocol';
import type { FrostScheme } from '@latchkey/protocol/frost';

// Its own module: the wallet panel decides which wallet to show from this alone, without the MPC code.

const SCHEMES: readonly string[] = ['TWO_OF_TWO', 'TWO_OF_THREE', 'THREE_OF_FIVE'];
const isFrostScheme = (value: unknown): value is FrostScheme => typeof value === 'string' && SCHEMES.includes(value);

/** The user's MPC wallet as the wallet layer sees it (SPEC §3 MPC properties of its blockchain credential). */
export interface MpcWalletAccount {
  /** The credential id: the `walletId` of the `/waas/{walletId}` routes. */
  id: string;
  address: string;
  thresholdSignatureScheme: FrostScheme;
  /** The backed-up key shares of the wallet's current generation. */
  keyShares: KeyShareRecord[];
}

/** The user's MPC Solana wallet (`wallet_properties.walletType: 'mpc'`), if any. */
export function mpcAccountOf(user: User | undefined): MpcWalletAccount | undefined {
  const credential = user?.verifiedCredentials.find((entry) => entry.format === 'blockchain' && entry.chain === 'SOL' && entry.wallet_properties?.walletType === 'mpc');
  const properties = credential?.wallet_properties;
  if (!credential?.address || !properties || !isFrostScheme(properties.thresholdSignatureScheme)) return undefined;
  return { id: credential.id, address: credential.address, thresholdSignatureScheme: properties.thresholdSignatureScheme, keyShares: properties.keyShares ?? [] };
}
