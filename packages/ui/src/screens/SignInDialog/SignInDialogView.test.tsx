import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakeEmailFlow, wrongCodeError } from '../../test/fakeEmailFlow.js';
import { fakeMfaChallengeFlow } from '../../test/fakeMfaFlow.js';
import { fakePasskeySignInFlow } from '../../test/fakePasskeyFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { SignInDialogView, type SignInDialogSettings, type SignInDialogViewProps } from './SignInDialogView.js';

const branded: SignInDialogSettings = {
  general: { displayName: 'Acme Rewards', appLogo: 'https://cdn.acme.example/logo.png' },
  design: {
    branding: { termsOfServiceUrl: 'https://acme.example/terms', privacyPolicyUrl: 'https://acme.example/privacy' },
  },
  sdk: { views: [{ type: 'login', sections: [{ type: 'email' }, { type: 'separator', label: 'or' }, { type: 'text', label: 'New here? An account is created for you.' }] }] },
};

function renderDialog(props: Partial<SignInDialogViewProps> = {}) {
  const onOpenChange = vi.fn();
  const view = renderInKit(
    <SignInDialogView
      open
      onOpenChange={onOpenChange}
      settings={branded}
      settingsStatus="ready"
      emailFlow={fakeEmailFlow()}
      {...props}
    />,
  );
  return { ...view, onOpenChange, dialog: screen.getByRole('dialog') };
}

describe('SignInDialogView', () => {
  let warnSpy: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    warnSpy.mockRestore();
  });

  it('default: a titled, described dialog with the login view, focus on the e-mail field, accessible', async () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveAccessibleName('Sign in to Acme Rewards');
    expect(dialog).toHaveAccessibleDescription('Sign in or create an account with your email.');
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).queryByRole('separator')).toBeNull(); // no second method for the "or" to offer
    expect(within(dialog).getByText('New here? An account is created for you.')).toBeInTheDocument();
    expect(dialog.querySelector('[data-flow="email"]')).toHaveAttribute('data-state', 'idle');
    await expectNoAxeViolations();
  });

  it('error: an access-gate refusal (by code) shows the picture for its case above the steps and the SPEC sentence', async () => {
    const images = { imageUserInAccessList: 'https://cdn.acme.example/blocked.png', imageUserNotInAccessList: 'https://cdn.acme.example/not-listed.png' };
    const settings = { ...branded, general: { ...branded.general, ...images } };
    const cases = [
      // On the list, as a block entry: general.imageUserInAccessList.
      { code: 'address_blocked_by_gate', message: 'This address is blocked by the gate', src: images.imageUserInAccessList },
      // Not on the allow list (the address, or none of the user's identities): general.imageUserNotInAccessList.
      { code: 'address_not_approved', message: 'This address is not approved for access', src: images.imageUserNotInAccessList },
      { code: 'user_without_access', message: 'User does not have access', src: images.imageUserNotInAccessList },
    ];
    for (const { code, message, src } of cases) {
      const { dialog, unmount } = renderDialog({ settings, emailFlow: fakeEmailFlow({ error: { code, message } }) });
      const frame = dialog.querySelector(`[data-access-denied="${code}"]`);
      expect(frame?.querySelector('img'), code).toHaveAttribute('src', src);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
      if (code === 'address_blocked_by_gate') await expectNoAxeViolations();
      unmount();
    }
  });

  it('behavior: each picture keeps its meaning — a blocked address with only imageUserNotInAccessList set shows none', () => {
    const { dialog } = renderDialog({
      settings: { ...branded, general: { ...branded.general, imageUserNotInAccessList: 'https://cdn.acme.example/not-listed.png' } },
      emailFlow: fakeEmailFlow({ error: { code: 'address_blocked_by_gate', message: 'This address is blocked by the gate' } }),
    });
    expect(dialog.querySelector('[data-access-denied] img')).toBeNull();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This address is blocked by the gate');
  });

  it('behavior: the image is keyed on the code, not the text: another error with the same words shows none', () => {
    const { dialog } = renderDialog({
      settings: { ...branded, general: { ...branded.general, imageUserInAccessList: 'https://cdn.acme.example/gate.png', imageUserNotInAccessList: 'https://cdn.acme.example/gate.png' } },
      emailFlow: fakeEmailFlow({ error: { code: 'forbidden', message: 'This address is blocked by the gate' } }),
    });
    expect(dialog.querySelector('[data-access-denied]')).toBeNull();
  });

  it('default: themed — the portalled dialog sits in a kit layer carrying the theme variables', () => {
    const { dialog } = renderDialog();
    const layer = dialog.closest('[data-latchkey-root]');
    expect(layer).not.toBeNull();
    expect((layer as HTMLElement).style.getPropertyValue('--lk-colors-accent')).toBe('#4f46e5');
  });

  it('behavior: branding in the header and footer, links open safely', () => {
    const { dialog } = renderDialog();
    const logo = dialog.querySelector('img');
    expect(logo).toHaveAttribute('src', 'https://cdn.acme.example/logo.png');
    expect(logo).toHaveAttribute('alt', '');
    const terms = within(dialog).getByRole('link', { name: 'Terms of Service' });
    expect(terms).toHaveAttribute('href', 'https://acme.example/terms');
    expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://acme.example/privacy');
    expect(dialog.querySelector('footer')).toHaveTextContent(
      'By continuing, you agree to the Terms of Service and Privacy Policy.',
    );
  });

  it('error: branding URLs that are not https are not rendered, and a warning names the setting', () => {
    const { dialog } = renderDialog({
      settings: {
        general: { displayName: 'Acme', appLogo: 'http://cdn.acme.example/logo.png' },
        design: { branding: { termsOfServiceUrl: 'javascript:alert(1)', privacyPolicyUrl: 'https://acme.example/privacy' } },
      },
    });
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Terms of Service' })).toBeNull();
    expect(dialog.querySelector('a[href^="javascript"]')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(dialog.querySelector('footer')).toHaveTextContent('By continuing, you agree to the Privacy Policy.');
    expect(warnSpy.mock.calls.map((call) => String(call[0]))).toEqual([
      '[latchkey] general.appLogo is not an https URL, so it is not shown.',
      '[latchkey] design.branding.termsOfServiceUrl is not an https URL, so it is not shown.',
    ]);
  });

  it('default: without branding, a plain title and no footer', () => {
    const { dialog } = renderDialog({ settings: undefined });
    expect(dialog).toHaveAccessibleName('Sign in');
    expect(dialog.querySelector('footer')).toBeNull();
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
  });

  it('behavior: an unknown block in the login view is skipped with a warning', () => {
    const { dialog } = renderDialog({
      settings: { sdk: { views: [{ type: 'login', sections: [{ type: 'telepathy' }, { type: 'email' }] }] } },
    });
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
    expect(warnSpy).toHaveBeenCalledWith('[latchkey] login view: unknown block "telepathy" is skipped.');
  });

  it('behavior: while settings load it says so; a failure shows the error', async () => {
    const { rerender } = renderDialog({ settingsStatus: 'loading', settings: undefined });
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Loading sign-in options…');
    // No method named before the settings say which ones exist.
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Sign in or create an account.');
    expect(screen.queryByLabelText('Email')).toBeNull();
    rerender(
      <SignInDialogView
        open
        settings={undefined}
        settingsStatus="failed"
        settingsError={{ code: 'internal_error', message: 'Internal error.' }}
        emailFlow={fakeEmailFlow()}
      />,
    );
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Internal error.');
  });

  it('behavior: the code step replaces the login view, errors with the spec wording', async () => {
    const { dialog } = renderDialog({
      emailFlow: fakeEmailFlow({ status: 'awaitingCode', email: 'ada@example.com', error: wrongCodeError }),
    });
    expect(within(dialog).getByLabelText('Verification code')).toBeInTheDocument();
    expect(within(dialog).queryByRole('separator')).toBeNull();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    await expectNoAxeViolations();
  });

  it('behavior: Escape and the close button ask to close', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('behavior: with a trigger, opening and closing return focus to it', async () => {
    const user = userEvent.setup();
    renderInKit(
      <SignInDialogView
        trigger={<button type="button">Log in</button>}
        settings={branded}
        settingsStatus="ready"
        emailFlow={fakeEmailFlow()}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveFocus();
  });

  it('behavior: the passkey button shows on the e-mail step when settings enable passkeys, and starts the sign-in', async () => {
    const user = userEvent.setup();
    const passkeyFlow = fakePasskeySignInFlow();
    const { dialog, unmount } = renderDialog({ settings: { ...branded, security: { enablePasskeys: true } }, passkeyFlow });
    await user.click(within(dialog).getByRole('button', { name: 'Sign in with a passkey' }));
    expect(passkeyFlow.signIn).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations();
    unmount();
    const disabled = renderDialog({ settings: { ...branded, security: { enablePasskeys: false } }, passkeyFlow: fakePasskeySignInFlow() });
    expect(within(disabled.dialog).queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    disabled.unmount();
    const onCodeStep = renderDialog({
      settings: { ...branded, security: { enablePasskeys: true } },
      passkeyFlow: fakePasskeySignInFlow(),
      emailFlow: fakeEmailFlow({ status: 'awaitingCode', email: 'ada@example.com' }),
    });
    expect(within(onCodeStep.dialog).queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('behavior: with the session in mfa the dialog asks for the authenticator code instead of the e-mail', async () => {
    const user = userEvent.setup();
    const mfaFlow = fakeMfaChallengeFlow();
    const { dialog } = renderDialog({ sessionStatus: 'mfa', mfaFlow });
    expect(within(dialog).queryByLabelText('Email')).toBeNull();
    expect(within(dialog).getByText('Two-step verification')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456{Enter}');
    expect(mfaFlow.submitCode).toHaveBeenCalledWith('123456');
    await expectNoAxeViolations();
  });
});
