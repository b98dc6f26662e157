import { useWalletSignIn } from '@latchkey/headless/react/wallets';
import { useState } from 'react';

/**
 * The host's own "prove it's you" card for a user signed in (it is mounted then) with a browser wallet: it asks the connected wallet for a
 * message signature through `useWalletSignIn().signer`. A hardware wallet cannot sign messages: the kit says so
 * (SPEC §8) without asking the device.
 */
export default function SignMessageCard() {
  // The sign-in dialog finishes mobile wallets' returns; this card only reads the connected wallet.
  const wallet = useWalletSignIn({ mode: 'connect-only', completeMobileReturnOnMount: false });
  const [outcome, setOutcome] = useState<{ kind: 'signed' | 'error'; text: string }>();
  if (!wallet.signer) return null;
  const signer = wallet.signer;
  const sign = async () => {
    setOutcome(undefined);
    try {
      const signature = await signer.signMessage(new TextEncoder().encode(`Acme Rewards: claim today's points.\nOrigin: ${window.location.origin}`));
      setOutcome({ kind: 'signed', text: `Signed (${signature.length} bytes).` });
    } catch (error) {
      setOutcome({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <section className="demo-card" aria-labelledby="sign-message-heading">
      <h2 id="sign-message-heading">Claim today's points</h2>
      <p>Sign a message with your wallet to claim them.</p>
      <button type="button" className="demo-button" onClick={() => void sign()}>
        Sign a message
      </button>
      {outcome ? (
        <p className="demo-outcome" role={outcome.kind === 'error' ? 'alert' : 'status'} data-testid="sign-message-outcome" data-outcome={outcome.kind}>
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
