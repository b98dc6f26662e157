import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fakeEmailFlow } from '../../test/fakeEmailFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { SignInDialogView, type SignInDialogSettings } from '../SignInDialog/SignInDialogView.js';
import { LoginView, emailOnlySections, inDisplayOrder, type LoginViewSection } from './LoginView.js';
import { lookFrom } from './loginLook.js';

const SECTIONS: LoginViewSection[] = [
  { type: 'emailAndPhone' },
  { type: 'separator', label: 'or' },
  { type: 'social' },
  { type: 'wallet', label: 'Connect a wallet' },
  { type: 'text', label: 'New here?' },
];
const types = (sections: readonly LoginViewSection[]) => sections.map((section) => section.type);

describe('design.modal displayOrder and emailOnly', () => {
  let warnSpy: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warnSpy.mockRestore());

  it('default: the look is unset without settings, and malformed values count as unset', () => {
    const unset = { displayOrder: undefined, emailOnly: false, emailSubmitButtonInsideInput: false, template: undefined };
    expect(lookFrom(undefined)).toEqual(unset);
    expect(lookFrom({ design: { modal: { displayOrder: 'wallet', emailOnly: 'yes', template: 'a"]{}' } } })).toEqual(unset);
  });

  it('behavior: displayOrder swaps the methods into its order; text and separators keep their places', () => {
    expect(types(inDisplayOrder(SECTIONS, ['wallet', 'social', 'email']))).toEqual(['wallet', 'separator', 'social', 'emailAndPhone', 'text']);
    // A method the order does not name comes after the named ones.
    expect(types(inDisplayOrder(SECTIONS, ['social']))).toEqual(['social', 'separator', 'emailAndPhone', 'wallet', 'text']);
  });

  it('behavior: emailOnly keeps the e-mail field alone (emailAndPhone takes e-mail only), and adds one if missing', () => {
    expect(emailOnlySections(SECTIONS)).toEqual([{ type: 'email' }, { type: 'separator', label: 'or' }, { type: 'text', label: 'New here?' }]);
    expect(types(emailOnlySections([{ type: 'social' }, { type: 'wallet' }]))).toEqual(['email']);
  });

  it('behavior: the login view renders the methods in displayOrder', () => {
    const social = () => <p>social block</p>;
    const wallet = () => <p>wallet block</p>;
    const { container } = renderInKit(
      <LoginView sections={SECTIONS} email={<p>email block</p>} social={social} wallet={wallet} displayOrder={['wallet', 'email', 'social']} />,
    );
    const shown = [...container.querySelectorAll('[data-latchkey-view="login"] > *')].map((node) => node.getAttribute('role') ?? node.textContent);
    expect(shown).toEqual(['wallet block', 'separator', 'email block', 'social block', 'New here?']);
  });

  it('behavior: in the dialog, design.modal.displayOrder from the settings puts the methods in its order', () => {
    const settings = (displayOrder?: string[]): SignInDialogSettings =>
      ({ design: { modal: { ...(displayOrder ? { displayOrder } : {}) } }, sdk: { views: [{ type: 'login', sections: [{ type: 'email' }, { type: 'wallet' }] }] } }) as SignInDialogSettings;
    const walletFlow = { status: 'idle', wallets: [], connect: vi.fn(), cancel: vi.fn() } as never;
    const order = () => [...screen.getByRole('dialog').querySelectorAll('[data-latchkey-view="login"] > *')].map((node) => (node.querySelector('input[type="email"]') ? 'email' : node.getAttribute('data-latchkey-block')));
    const { unmount } = renderInKit(<SignInDialogView open settings={settings()} settingsStatus="ready" emailFlow={fakeEmailFlow()} walletFlow={walletFlow} />);
    expect(order()).toEqual(['email', 'wallet']);
    unmount();
    renderInKit(<SignInDialogView open settings={settings(['wallet', 'email'])} settingsStatus="ready" emailFlow={fakeEmailFlow()} walletFlow={walletFlow} />);
    expect(order()).toEqual(['wallet', 'email']);
  });

  it('behavior: in the dialog, emailOnly leaves the e-mail field alone; without it the other methods show', () => {
    const settings = (emailOnly: boolean): SignInDialogSettings =>
      ({ design: { modal: { emailOnly } }, sdk: { views: [{ type: 'login', sections: [{ type: 'email' }, { type: 'text', label: 'or use a wallet' }, { type: 'wallet' }] }] } }) as SignInDialogSettings;
    const walletFlow = { status: 'idle', wallets: [], connect: vi.fn(), cancel: vi.fn() } as never;
    const { unmount } = renderInKit(<SignInDialogView open settings={settings(false)} settingsStatus="ready" emailFlow={fakeEmailFlow()} walletFlow={walletFlow} />);
    expect(within(screen.getByRole('dialog')).queryByText('or use a wallet')).not.toBeNull();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: /wallet/i })).toBeInTheDocument();
    unmount();
    renderInKit(<SignInDialogView open settings={settings(true)} settingsStatus="ready" emailFlow={fakeEmailFlow()} walletFlow={walletFlow} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /wallet/i })).toBeNull();
  });
});

describe('design.modal emailSubmitButtonInsideInput', () => {
  const settings = (inside: boolean) => ({ design: { modal: { emailSubmitButtonInsideInput: inside } } }) as SignInDialogSettings;

  it('default: "Continue" under the e-mail field', () => {
    renderInKit(<SignInDialogView open settings={settings(false)} settingsStatus="ready" emailFlow={fakeEmailFlow()} />);
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field.closest('[data-submit-inside]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('behavior: "Continue" inside the e-mail field\'s box, one submit button, and it still sends the code', async () => {
    const flow = fakeEmailFlow();
    renderInKit(<SignInDialogView open settings={settings(true)} settingsStatus="ready" emailFlow={flow} />);
    const field = screen.getByRole('textbox', { name: 'Email' });
    const box = field.closest('[data-submit-inside]');
    expect(box).not.toBeNull();
    const submit = within(box as HTMLElement).getByRole('button', { name: 'Continue' });
    expect(screen.getAllByRole('button', { name: 'Continue' })).toEqual([submit]);
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.type(field, 'ada@example.com');
    await user.click(submit);
    expect(flow.sendCode).toHaveBeenCalledWith('ada@example.com');
  });
});

describe('design.modal template', () => {
  it('behavior: the dialog carries it as data-template, a hook for the custom stylesheet', () => {
    renderInKit(<SignInDialogView open settings={{ design: { modal: { template: 'compact' } } } as SignInDialogSettings} settingsStatus="ready" emailFlow={fakeEmailFlow()} />);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-template', 'compact');
  });

  it('default: no data-template without it', () => {
    renderInKit(<SignInDialogView open settings={{}} settingsStatus="ready" emailFlow={fakeEmailFlow()} />);
    expect(screen.getByRole('dialog')).not.toHaveAttribute('data-template');
  });
});
