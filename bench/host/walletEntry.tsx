// The host of the size budget with the user menu's Solana wallet panel (the host opts in: @latchkey/ui/solana).
import { createLatchkeyClient } from '@latchkey/headless/client';
import { LatchkeyUIProvider, SignInButton } from '@latchkey/ui';
import { SolanaWalletPanel } from '@latchkey/ui/solana';
import '@latchkey/ui/styles.css';
import { createRoot } from 'react-dom/client';

const client = createLatchkeyClient({ environmentId: '00000000-0000-4000-8000-000000000000', apiBaseUrl: 'https://api.example.test' });

createRoot(document.getElementById('root')!).render(
  <LatchkeyUIProvider client={client} walletPanel={<SolanaWalletPanel />}>
    <SignInButton />
  </LatchkeyUIProvider>,
);
