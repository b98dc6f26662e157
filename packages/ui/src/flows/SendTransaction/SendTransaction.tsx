import { useSolanaWallet, type UseSolanaWalletParameters, type UseSolanaWalletReturnType } from '@latchkey/headless/react/solana';
import type { ReactNode } from 'react';
import { SendTransactionView } from './SendTransactionView.js';

export interface SendTransactionProps extends UseSolanaWalletParameters {
  /** Called when the user closes a finished transfer (the balances are read again first). */
  onFinished?: () => void;
}

/**
 * Sending SOL or an SPL token from one address on its own (no menu): the form over the address's balances, review
 * with the simulation, pending, confirmed / failed / timed out / expired, with Retry where the network cut a step
 * off — wired to `useSolanaWallet({ address, signer })` on the selected network.
 */
export function SendTransaction({ onFinished, ...parameters }: SendTransactionProps) {
  const solana = useSolanaWallet(parameters);
  return (
    <SendTransactionView
      flow={solana.send}
      balances={solana.balances.balances}
      onFinished={() => {
        solana.balances.refresh();
        onFinished?.();
      }}
    />
  );
}

export interface SendTransactionCustomProps extends UseSolanaWalletParameters {
  /** Your own markup: the networks, balances and send flow the kit's view uses. */
  children: (solana: UseSolanaWalletReturnType) => ReactNode;
}

/** `<SendTransaction.Custom address={…} signer={…}>{(solana) => …}</SendTransaction.Custom>`: your own markup. */
function SendTransactionCustom({ children, ...parameters }: SendTransactionCustomProps) {
  return <>{children(useSolanaWallet(parameters))}</>;
}

SendTransaction.Custom = SendTransactionCustom;
