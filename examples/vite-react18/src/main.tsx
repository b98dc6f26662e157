import { LatchkeyUIProvider } from '@latchkey/ui';
import '@latchkey/ui/styles.css';
import { StrictMode, version } from 'react';
import { createRoot } from 'react-dom/client';
import { HeadlessPage } from './HeadlessPage.js';
import { PrebuiltPage } from './PrebuiltPage.js';

const config = {
  environmentId: import.meta.env.LATCHKEY_ENVIRONMENT_ID ?? '2b1f6c1e-6a4d-4c8e-9f3a-5d7e8a9b0c1d',
  apiBaseUrl: import.meta.env.LATCHKEY_API_BASE_URL ?? 'http://localhost:4010',
};

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Two journeys, one per path: the prebuilt button, and a page of its own on the headless hooks.
const Page = window.location.pathname.startsWith('/headless') ? HeadlessPage : PrebuiltPage;

createRoot(root).render(
  <StrictMode>
    <LatchkeyUIProvider config={config}>
      <nav>
        <a href="/">Prebuilt</a> · <a href="/headless">Headless</a> · <small data-testid="react-version">React {version}</small>
      </nav>
      <Page />
    </LatchkeyUIProvider>
  </StrictMode>,
);
