import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useState } from 'react';
import { KitErrorBoundary } from '../packages/ui/src/KitErrorBoundary/KitErrorBoundary.js';
import { anchor } from '../packages/ui/src/KitErrorBoundary/KitErrorBoundary.css.js';
import { button } from '../packages/ui/src/styles/shared.css.js';
import { expectAccessible } from './a11y.js';

/**
 * What a user sees when a part of the kit cannot load or render (offline, a redeploy, a bug): one sentence and
 * Retry, inside the kit's own box or floating under its button — never a blank host page.
 */
function Broken({ when }: { when: boolean }): never | null {
  if (when) throw new Error('The wallet panel chunk failed to load.');
  return null;
}

/** A part that fails until Retry, then shows its content. */
function FailingPart({ placement }: { placement: 'inline' | 'floating' }) {
  const [fixed, setFixed] = useState(false);
  const part = (
    <KitErrorBoundary area="wallet panel" placement={placement} onRetry={() => setFixed(true)}>
      <Broken when={!fixed} />
      <p>The part loaded.</p>
    </KitErrorBoundary>
  );
  if (placement === 'inline') return part;
  return (
    <span className={anchor}>
      <button type="button" className={button.primary}>
        Sign in
      </button>
      {part}
    </span>
  );
}

const meta = {
  title: 'Kit/Failure',
  component: FailingPart,
  args: { placement: 'inline' },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof FailingPart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Inside a panel (the wallet panel, a menu section): the failure takes the part's place. */
export const Inline: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong.');
    await expectAccessible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(canvas.getByText('The part loaded.')).toBeInTheDocument();
  },
};

export const InlineDark: Story = { ...Inline, globals: { theme: 'dark' } };

/** Beside a button in the host's header (the sign-in dialog that could not load): it floats under the button. */
export const FloatingUnderItsButton: Story = {
  args: { placement: 'floating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failure = canvas.getByRole('alert');
    await expect(failure).toHaveTextContent('Something went wrong.');
    await expect(getComputedStyle(failure).position).toBe('absolute');
    await expectAccessible();
  },
};

export const FloatingUnderItsButtonDark: Story = { ...FloatingUnderItsButton, globals: { theme: 'dark' } };
