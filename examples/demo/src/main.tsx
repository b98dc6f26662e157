import { createLatchkeyClient } from '@latchkey/headless';
import { LatchkeyProvider } from '@latchkey/ui';
import '@latchkey/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './demo.css';

const client = createLatchkeyClient({
  environmentId: import.meta.env.LATCHKEY_ENVIRONMENT_ID ?? '8c4b1e2a-5f0d-4c7e-9a3b-2d6f1e0c9b71',
  apiBaseUrl: import.meta.env.LATCHKEY_SANDBOX_URL ?? 'http://127.0.0.1:4010',
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <LatchkeyProvider client={client}>
      <App />
    </LatchkeyProvider>
  </StrictMode>,
);
