import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ProfileView, type ProfileFieldModel, type ProfileFlowModel } from '../packages/ui/src/flows/index.js';
import { expectAccessible } from './a11y.js';

/** The seed project's fields, as `useProfile()` hands them out (ordered by position). */
const fields: ProfileFieldModel[] = [
  { name: 'username', label: 'Username', kind: 'text', required: false, unique: true, pattern: '^[a-z0-9_]{3,20}$', options: [], checkboxText: undefined, position: 0, storage: 'profile', value: undefined },
  { name: 'team', label: 'Team', kind: 'select', required: true, unique: false, pattern: undefined, options: ['Engineering', 'Design', 'Operations'], checkboxText: undefined, position: 1, storage: 'profile', value: undefined },
  { name: 'handle', label: 'Public handle', kind: 'text', required: false, unique: true, pattern: undefined, options: [], checkboxText: undefined, position: 2, storage: 'metadata', value: undefined },
  { name: 'acceptsMarketing', label: 'Marketing e-mails', kind: 'checkbox', required: false, unique: false, pattern: undefined, options: [], checkboxText: 'Send me product news', position: 5, storage: 'metadata', value: undefined },
];

const profileFlow = (overrides: Partial<ProfileFlowModel> = {}): ProfileFlowModel => ({
  status: 'ready',
  fields,
  values: { username: 'ada_l', team: 'Engineering', handle: '', acceptsMarketing: true },
  problems: {},
  availability: {},
  error: undefined,
  isBusy: false,
  setValue: fn(),
  save: fn(),
  ...overrides,
});

/** The profile form (onboarding after sign-in, or editing in the menu) — one story per state of `useProfile().status` (Delete account: Flows/DeleteAccount). */
const meta = {
  title: 'Flows/Profile',
  component: ProfileView,
  args: { flow: profileFlow() },
} satisfies Meta<typeof ProfileView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { flow: profileFlow({ status: 'loading', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-flow="profile"]')).toHaveAttribute('data-state', 'loading');
  },
};

export const Editing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expectAccessible();
    await expect(canvas.getByLabelText('Team')).toHaveAttribute('aria-required', 'true');
    await userEvent.type(canvas.getByLabelText(/Public handle/), 'a');
    await expect(args.flow.setValue).toHaveBeenCalledWith('handle', 'a');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.flow.save).toHaveBeenCalledTimes(1);
  },
};

export const EditingDark: Story = { ...Editing, globals: { theme: 'dark' } };

export const Checking: Story = {
  args: { flow: profileFlow({ values: { username: 'grace', team: 'Design' }, availability: { username: 'checking' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Checking…')).toBeVisible();
  },
};

export const Taken: Story = {
  args: { flow: profileFlow({ values: { username: 'grace', team: 'Design', handle: 'ada' }, availability: { username: 'taken', handle: 'taken' }, problems: { username: 'taken', handle: 'taken' } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This username is already taken. Try another.')).toBeVisible();
    await expect(canvas.getByText('This public handle is already taken. Try another.')).toBeVisible();
    await expect(canvas.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();
  },
};

export const TakenDark: Story = { ...Taken, globals: { theme: 'dark' } };

export const Available: Story = {
  args: { flow: profileFlow({ values: { username: 'grace_h', team: 'Design' }, availability: { username: 'available' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Username is available.')).toBeVisible();
  },
};

export const Invalid: Story = {
  args: { flow: profileFlow({ values: { username: 'A!', team: '' }, problems: { username: 'pattern', team: 'required' } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Username is not in the expected format.')).toBeVisible();
    await expect(canvas.getByText('Team is required.')).toBeVisible();
  },
};

export const Saving: Story = {
  args: { flow: profileFlow({ status: 'saving', isBusy: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};

export const Saved: Story = {
  args: { flow: profileFlow({ status: 'saved' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Saved.');
  },
};

export const Onboarding: Story = {
  args: {
    purpose: 'onboarding',
    heading: 'Tell us about yourself',
    intro: 'A few details help your team find you.',
    flow: profileFlow({ fields: fields.slice(0, 2), values: {} }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Skip for now' })).toBeNull();
    await expectAccessible();
  },
};

export const OnboardingDark: Story = { ...Onboarding, globals: { theme: 'dark' } };

export const OnboardingOptional: Story = {
  args: { purpose: 'onboarding', onSkip: fn(), flow: profileFlow({ fields: [fields[0]!, fields[2]!], values: {} }) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Skip for now' }));
    await expect(args.onSkip).toHaveBeenCalledTimes(1);
  },
};
