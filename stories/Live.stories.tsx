import type { LatchkeyClient } from '../packages/headless/src/exports/index.js';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { createTestClient, getLatestCode } from '../packages/headless/src/exports/testing.js';
import { LatchkeyUIProvider, SignInButton } from '../packages/ui/src/index.js';

/**
 * The real thing: the kit wired to a client of a running sandbox. Under `vitest --project
 * storybook` the project's globalSetup starts one; in Storybook itself, run `pnpm sandbox`
 * (or set STORYBOOK_SANDBOX_URL). Codes come from the sandbox inbox.
 */
function sandboxUrl(): string {
  return (
    globalThis.__LATCHKEY_SANDBOX_URL__ ??
    (import.meta.env['STORYBOOK_SANDBOX_URL'] as string | undefined) ??
    'http://127.0.0.1:4010'
  );
}

type Loaded = { client: LatchkeyClient; sandboxUrl: string } | { problem: string; sandboxUrl: string };

const meta = {
  title: 'Live/Sign in against the sandbox',
  loaders: [
    async (): Promise<Loaded> => {
      const url = sandboxUrl();
      try {
        return { client: await createTestClient({ sandboxUrl: url }), sandboxUrl: url };
      } catch (error) {
        return { problem: error instanceof Error ? error.message : String(error), sandboxUrl: url };
      }
    },
  ],
  render: (_args, { loaded }) => {
    const live = loaded as Loaded;
    if ('problem' in live) {
      return (
        <p role="alert">
          No sandbox at {live.sandboxUrl} ({live.problem}). Start one with <code>pnpm sandbox</code>.
        </p>
      );
    }
    return (
      <LatchkeyUIProvider client={live.client}>
        <SignInButton />
      </LatchkeyUIProvider>
    );
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const EmailSignIn: Story = {
  play: async ({ canvasElement, loaded }) => {
    const live = loaded as Loaded;
    if ('problem' in live) throw new Error(`the live story needs a sandbox: ${live.problem}`);
    const email = `storybook-${Date.now().toString(36)}@example.test`;
    const canvas = within(canvasElement);

    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await userEvent.type(await within(dialog).findByLabelText('Email or phone number', {}, { timeout: 10_000 }), email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const codeField = await within(dialog).findByLabelText('Verification code', {}, { timeout: 10_000 });

    const code = await getLatestCode({ sandboxUrl: live.sandboxUrl, to: email });
    await userEvent.click(codeField);
    await userEvent.paste(code);

    // The trigger may first be the menu's stand-in, replaced (focus and all) when the menu's code arrives: ask again.
    const accountButton = () => canvas.getByRole('button', { name: `Account: ${email}` });
    await waitFor(() => expect(accountButton()).toHaveFocus(), { timeout: 10_000 });
    await userEvent.click(accountButton());
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ }, { timeout: 10_000 });
    await userEvent.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await expect(await canvas.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 })).toBeVisible();
  },
};

export const SmsSignIn: Story = {
  play: async ({ canvasElement, loaded }) => {
    const live = loaded as Loaded;
    if ('problem' in live) throw new Error(`the live story needs a sandbox: ${live.problem}`);
    const national = `7400${String(100000 + Math.floor(Math.random() * 899999))}`;
    const canvas = within(canvasElement);

    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await userEvent.type(await within(dialog).findByLabelText('Email or phone number', {}, { timeout: 10_000 }), `+44 ${national}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const codeField = await within(dialog).findByLabelText('Verification code', {}, { timeout: 10_000 });

    const code = await getLatestCode({ sandboxUrl: live.sandboxUrl, to: `+44${national}` });
    await userEvent.click(codeField);
    await userEvent.paste(code);

    await canvas.findByRole('button', { name: `Account: +44${national}` }, { timeout: 10_000 });
    await userEvent.click(canvas.getByRole('button', { name: `Account: +44${national}` }));
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ }, { timeout: 10_000 });
    await userEvent.click(within(menu).getByRole('button', { name: /^Account settings/ }));
    await expect(within(menu).getByRole('button', { name: 'Add email' })).toBeVisible();
    await userEvent.click(within(menu).getByRole('button', { name: 'Back' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await expect(await canvas.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 })).toBeVisible();
  },
};
