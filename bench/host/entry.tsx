// The minimal host of the size budget: LatchkeyUIProvider + SignInButton with React 19, as in the README, with the
// client built outside React (`client={createLatchkeyClient(config)}` from @latchkey/headless/client).
import { createLatchkeyClient } from '@latchkey/headless/client';
import { LatchkeyUIProvider, SignInButton } from '@latchkey/ui';
import '@latchkey/ui/styles.css';
import { createRoot } from 'react-dom/client';

const client = createLatchkeyClient({ environmentId: '00000000-0000-4000-8000-000000000000', apiBaseUrl: 'https://api.example.test' });

createRoot(document.getElementById('root')!).render(
  <LatchkeyUIProvider client={client}>
    <SignInButton />
  </LatchkeyUIProvider>,
);
