import { expect, fn, within } from 'storybook/test';
import { ProfileView, type ProfileFieldModel, type ProfileFlowModel, type SocialFlowModel, type WalletFlowModel } from '../packages/ui/src/flows/index.js';
import { accessImages, brandedSettings, emailFlow } from './fixtures.js';

/** Fixtures of the sign-in's views (the dialog, its phone and right-to-left variants, the embedded sign-in). */

/** A wallet-standard icon as wallets ship it: a data URI. */
export const testWalletIcon = `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5b3df5"/><path d="M9 11h14v10H9z" fill="#fff"/></svg>')}`;

/** The wallet block's flow: one installed test wallet, two to install; spy commands. */
export function walletFlow(overrides: Partial<WalletFlowModel> = {}): WalletFlowModel {
  return {
    status: 'idle',
    wallets: [
      { key: 'testwallet', name: 'Test Wallet', installed: true, icon: testWalletIcon },
      { key: 'phantom', name: 'Phantom', installed: false, installUrl: 'https://phantom.app/download' },
      { key: 'solflare', name: 'Solflare', installed: false, installUrl: 'https://solflare.com/download' },
    ],
    walletKey: undefined,
    error: undefined,
    connect: fn().mockName('connect'),
    link: fn().mockName('link'),
    confirm: fn().mockName('confirm'),
    cancel: fn().mockName('cancel'),
    reset: fn().mockName('reset'),
    ...overrides,
  };
}

/** A login view with the e-mail block and the wallet block ("Connect a wallet" opens the wallet list). */
export const walletLoginView = { views: [{ type: 'login', sections: [{ type: 'email' }, { type: 'separator', label: 'or' }, { type: 'wallet' }] }] };

/** Six social providers, four on the first row: "More options (2)" opens the rest as a view. */
export const socialSettings = {
  sdk: {
    socialSignIn: { providers: ['google', 'github', 'apple', 'discord', 'twitter', 'telegram'].map((provider) => ({ provider, enabled: true })) },
    views: [{ type: 'login', sections: [{ type: 'email' }, { type: 'separator', label: 'or' }, { type: 'social', numOfItemsToDisplay: 4 }] }],
  },
};

/** The social block's flow, idle; spy commands. */
export const socialFlow = (): SocialFlowModel => ({ status: 'idle', provider: undefined, error: undefined, isBusy: false, signIn: fn().mockName('signIn'), cancel: fn().mockName('cancel') });

const onboardingFields: ProfileFieldModel[] = [
  { name: 'username', label: 'Username', kind: 'text', required: false, unique: true, pattern: '^[a-z0-9_]{3,20}$', options: [], checkboxText: undefined, position: 0, storage: 'profile', value: undefined },
  { name: 'team', label: 'Team', kind: 'select', required: true, unique: false, pattern: undefined, options: ['Engineering', 'Design', 'Operations'], checkboxText: undefined, position: 1, storage: 'profile', value: undefined },
];

const onboardingFlow: ProfileFlowModel = {
  status: 'ready',
  fields: onboardingFields,
  values: {},
  problems: {},
  availability: {},
  error: undefined,
  isBusy: false,
  setValue: fn().mockName('setValue'),
  save: fn().mockName('save'),
};

/** The onboarding step as the connected sign-in shows it: the profile form for the fields still missing (Team required). */
export const onboardingStep = <ProfileView flow={onboardingFlow} purpose="onboarding" />;

/** The access gate refused the address (by code), with the project's picture for a listed, blocked address. */
export const accessBlockedArgs = () => ({
  settings: { ...brandedSettings, general: { ...brandedSettings.general, ...accessImages } },
  emailFlow: emailFlow({ error: { code: 'address_blocked_by_gate', message: 'This address is blocked by the gate' } }),
});

/** The refusal shows as `sentence` (in the story's locale) under `general.imageUserInAccessList`. */
export async function expectAccessBlocked(dialog: HTMLElement, sentence: string): Promise<void> {
  await expect(within(dialog).getByRole('alert')).toHaveTextContent(sentence);
  await expect(dialog.querySelector('[data-access-denied="address_blocked_by_gate"] img')).toHaveAttribute('src', accessImages.imageUserInAccessList);
}
