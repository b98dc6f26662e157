import { createLatchkeyClient } from '@latchkey/headless/client';
import { LatchkeyUIProvider } from '@latchkey/ui';
import { SolanaWalletPanel } from '@latchkey/ui/solana';
import '@latchkey/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './demo.css';

const sandboxUrl = new URL(import.meta.env.LATCHKEY_SANDBOX_URL ?? 'http://127.0.0.1:4010');
const client = createLatchkeyClient({
  environmentId: import.meta.env.LATCHKEY_ENVIRONMENT_ID ?? '2b1f6c1e-6a4d-4c8e-9f3a-5d7e8a9b0c1d',
  apiBaseUrl: sandboxUrl.origin,
});
// The sandbox's custody provider sits on the port after its API (DESIGN.md "Sandbox contract").
const custodyUrl = import.meta.env.LATCHKEY_CUSTODY_URL ?? `${sandboxUrl.protocol}//${sandboxUrl.hostname}:${Number(sandboxUrl.port) + 1}`;
// Its cloud-drive emulator (MPC wallets' backups), on the API port + 6.
const cloudDriveUrl = import.meta.env.LATCHKEY_CLOUD_DRIVE_URL ?? `${sandboxUrl.protocol}//${sandboxUrl.hostname}:${Number(sandboxUrl.port) + 6}`;

// The kit's language: `?locale=ar` (right to left) or `?locale=es`; English without it.
const locale = new URLSearchParams(window.location.search).get('locale') ?? undefined;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <LatchkeyUIProvider client={client} locale={locale} embeddedWallet={{ baseUrl: custodyUrl, cloudDriveUrl }} walletPanel={<SolanaWalletPanel />}>
      <App />
    </LatchkeyUIProvider>
  </StrictMode>,
);
