import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient } from '../test/sandboxClient.js';
import { SignInButton } from './SignInButton.js';
import { trigger } from './SignInButton.css.js';

const rootOf = (element: HTMLElement) => element.closest('[data-latchkey-root]') as HTMLElement;

describe('SignInButton in the design.button theme record', () => {
  it('behavior: the record becomes the button.* variables the trigger is drawn with', async () => {
    const { client } = await createSandboxClient({
      patchSettings: (settings) => ({ ...settings, design: { ...(settings['design'] as object), button: { backgroundColor: '#FACC15', textColor: '#1F2937', radius: 24, border: 2 } } }),
    });
    render(
      <LatchkeyUIProvider client={client}>
        <SignInButton />
      </LatchkeyUIProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(button.className).toContain(trigger);
    const root = rootOf(button);
    await waitFor(() => expect(root.style.getPropertyValue('--lk-button-background')).toBe('#facc15'));
    expect(root.style.getPropertyValue('--lk-button-text')).toBe('#1f2937');
    expect(root.style.getPropertyValue('--lk-button-radius')).toBe('24px');
    expect(root.style.getPropertyValue('--lk-button-borderWidth')).toBe('2px');
  });

  it('default: without the record the trigger keeps the accent', async () => {
    const { client } = await createSandboxClient({ patchSettings: (settings) => ({ ...settings, design: { ...(settings['design'] as object), button: undefined } }) });
    render(
      <LatchkeyUIProvider client={client}>
        <SignInButton />
      </LatchkeyUIProvider>,
    );
    const root = rootOf(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(client.settings.get().status).toBe('ready'));
    await waitFor(() => expect(root.style.getPropertyValue('--lk-button-background')).toBe(root.style.getPropertyValue('--lk-colors-accent')));
  });
});
