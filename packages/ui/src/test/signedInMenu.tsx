import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LatchkeyUIProvider } from '../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { ConnectedUserMenu } from '../screens/UserMenu/ConnectedUserMenu.js';
import { createSandboxClient, signInThroughApi, uniqueEmail } from './sandboxClient.js';

/** A `patchSettings` that turns passkeys and Google linking on (for the user menu's flows). */
const withFlows = (settings: Record<string, unknown>) => {
  const sdk = settings['sdk'] as Record<string, unknown>;
  const security = settings['security'] as Record<string, unknown> | undefined;
  return {
    ...settings,
    sdk: { ...sdk, socialSignIn: { providers: [{ provider: 'google', enabled: true }] } },
    security: { ...security, enablePasskeys: true },
  };
};


/** A fresh user signed in against the sandbox (passkeys and Google linking on) with the connected user menu open. */
export async function openSignedInMenu(label: string) {
  const { client, sandboxUrl } = await createSandboxClient({ patchSettings: withFlows });
  await signInThroughApi(client, sandboxUrl, uniqueEmail(label));
  const user = userEvent.setup();
  render(
    <LatchkeyUIProvider client={client}>
      <ConnectedUserMenu defaultOpen />
    </LatchkeyUIProvider>,
  );
  const menu = await screen.findByRole('dialog', { name: /^Signed in as/ }, { timeout: 10_000 });
  return { client, user, menu };
}
