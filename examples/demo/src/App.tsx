import { useLatchkey, useSession } from '@latchkey/headless/react';
import { SignInButton } from '@latchkey/ui';
import { lazy, Suspense } from 'react';

// Loaded on its own: the wallet code stays out of the host's first chunk. (Mobile wallets are rows of the kit's
// wallet list now: the sandbox catalogue points its redirect wallets at the mobile-wallet simulator.)
const SignMessageCard = lazy(() => import('./SignMessageCard.js'));
const LiveConnectionCard = lazy(() => import('./LiveConnectionCard.js'));

/** A wallet-only account's name: its wallet's address. */
const walletAddress = (user: ReturnType<typeof useSession>['user']) =>
  user?.verifiedCredentials.find((credential) => credential.format === 'blockchain')?.address;

/**
 * A host page: its own header and content, with the kit's button in the corner — or, when the project shows the
 * sign-in inline (`design.modal.view: 'embedded'`), the same SignInButton in the page's content, where a sign-in form
 * belongs (signed in, the user menu takes its place there).
 */
export function App() {
  const session = useSession();
  const embedded = useLatchkey().settings?.design?.modal?.view === 'embedded';
  return (
    <div className="demo">
      <header className="demo-header">
        <span className="demo-brand">Acme Rewards</span>
        {embedded ? null : <SignInButton />}
      </header>
      <main className="demo-main">
        <h1>Welcome to Acme Rewards</h1>
        {embedded ? (
          <div className="demo-sign-in">
            <SignInButton />
          </div>
        ) : null}
        {session.status === 'signedIn' ? (
          <p data-testid="host-status">
            Signed in as <strong>{session.user?.email || session.user?.phoneNumber || walletAddress(session.user) || session.user?.id}</strong>. This line is the host's own markup,
            reading <code>useSession()</code>.
          </p>
        ) : (
          <p data-testid="host-status">
            {session.status === 'restoring' ? 'Checking your session…' : 'Sign in to see your rewards.'}
          </p>
        )}
        {session.status === 'signedIn' ? (
          // Mounted once signed in: its wallet hook reconnects the wallet the sign-in used.
          <Suspense fallback={null}>
            <SignMessageCard />
            <LiveConnectionCard />
          </Suspense>
        ) : null}
      </main>
    </div>
  );
}
