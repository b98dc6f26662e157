import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { LoginView, withoutStraySeparators, type LoginViewSection, type PlannedBlock } from './LoginView.js';

const emailBlock = <p data-testid="email-block">email step</p>;
const phoneBlock = <p data-testid="phone-block">phone step</p>;
const bothBlock = <p data-testid="both-block">email or phone step</p>;

describe('LoginView', () => {
  let warnSpy: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    warnSpy.mockRestore();
  });

  it('default: renders the blocks in the order of the settings', async () => {
    const sections: LoginViewSection[] = [
      { type: 'text', label: 'Welcome back' },
      { type: 'email' },
      { type: 'separator', label: 'or' },
      { type: 'text', label: 'Need help? Write to support.' },
    ];
    const { container } = renderInKit(<LoginView sections={sections} email={emailBlock} />);
    const view = container.querySelector('[data-latchkey-view="login"]');
    const order = [...(view?.children ?? [])].map((child) => child.getAttribute('role') ?? child.textContent);
    // the "or" has no second method to offer, so it is not shown
    expect(order).toEqual(['Welcome back', 'email step', 'Need help? Write to support.']);
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    expect(warnSpy).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('default: without sections, the e-mail block alone', () => {
    renderInKit(<LoginView sections={undefined} email={emailBlock} />);
    expect(screen.getByTestId('email-block')).toBeInTheDocument();
    renderInKit(<LoginView sections={[]} email={emailBlock} />);
    expect(screen.getAllByTestId('email-block')).toHaveLength(2);
  });

  it('behavior: blocks without their flow and unknown blocks are skipped with a warning, not a crash', () => {
    const sections = [
      { type: 'social' },
      { type: 'email' },
      { type: 'hologram' },
      { type: 'wallet' },
      { type: 'separator' },
      { type: 'text', label: 'Help' },
    ] as LoginViewSection[];
    const { container } = renderInKit(<LoginView sections={sections} email={emailBlock} />);
    const view = container.querySelector('[data-latchkey-view="login"]');
    expect(view?.children).toHaveLength(2);
    expect(screen.getByTestId('email-block')).toBeInTheDocument();
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    const messages = warnSpy.mock.calls.map((call) => String(call[0]));
    expect(messages).toEqual([
      '[latchkey] login view: the "social" block has no social flow here and is skipped.',
      '[latchkey] login view: unknown block "hologram" is skipped.',
      '[latchkey] login view: the "wallet" block has no wallet flow here and is skipped.',
    ]);
  });

  it('behavior: the social block renders where the settings put it; socialAboveEmail and splitEmailAndSocial move and split it', () => {
    const social = () => <div data-testid="social-block">social</div>;
    const sections = [{ type: 'email' }, { type: 'text', label: 'Help' }, { type: 'social' }] as LoginViewSection[];
    const order = (container: HTMLElement) =>
      [...container.querySelector('[data-latchkey-view="login"]')!.children].map((child) => child.getAttribute('data-testid') ?? child.getAttribute('role') ?? child.tagName.toLowerCase());
    const plain = renderInKit(<LoginView sections={sections} email={emailBlock} social={social} />);
    expect(order(plain.container)).toEqual(['email-block', 'p', 'social-block']);
    plain.unmount();
    const above = renderInKit(<LoginView sections={sections} email={emailBlock} social={social} socialAboveEmail />);
    expect(order(above.container)).toEqual(['social-block', 'email-block', 'p']);
    above.unmount();
    const split = renderInKit(<LoginView sections={sections} email={emailBlock} social={social} socialAboveEmail splitEmailAndSocial />);
    expect(order(split.container)).toEqual(['social-block', 'separator', 'email-block', 'p']);
    expect(warnSpy).not.toHaveBeenCalled();
  });

  it('behavior: warns once, not on every render', () => {
    const sections = [{ type: 'phone' }, { type: 'email' }] as LoginViewSection[];
    const { rerender } = renderInKit(<LoginView sections={sections} email={emailBlock} />);
    rerender(<LoginView sections={[...sections]} email={emailBlock} />);
    expect(warnSpy).toHaveBeenCalledTimes(1);
  });

  it('default: the phone and emailAndPhone blocks show their steps in order', () => {
    const { container } = renderInKit(
      <LoginView sections={[{ type: 'phone' }, { type: 'separator', label: 'or' }, { type: 'email' }]} email={emailBlock} phone={phoneBlock} />,
    );
    const order = [...(container.querySelector('[data-latchkey-view="login"]')?.children ?? [])].map((child) => child.getAttribute('data-testid') ?? child.getAttribute('role'));
    expect(order).toEqual(['phone-block', 'separator', 'email-block']);
    renderInKit(<LoginView sections={[{ type: 'emailAndPhone' }]} email={emailBlock} phone={phoneBlock} emailAndPhone={bothBlock} />);
    expect(screen.getByTestId('both-block')).toBeInTheDocument();
    expect(warnSpy).not.toHaveBeenCalled();
  });

  it('behavior: without an SMS provider, phone is skipped and emailAndPhone takes e-mail only, with warnings', () => {
    renderInKit(<LoginView sections={[{ type: 'phone' }, { type: 'emailAndPhone' }]} email={emailBlock} />);
    expect(screen.queryByTestId('phone-block')).toBeNull();
    expect(screen.getByTestId('email-block')).toBeInTheDocument();
    expect(warnSpy.mock.calls.map((call) => String(call[0]))).toEqual([
      '[latchkey] login view: the "phone" block needs an enabled SMS provider with enabledCountries; skipped.',
      '[latchkey] login view: the "emailAndPhone" block takes e-mail only (no SMS provider, or a phone field already shown).',
    ]);
  });

  it('behavior: one e-mail field and one phone field at most', () => {
    renderInKit(
      <LoginView
        sections={[{ type: 'emailAndPhone' }, { type: 'email' }, { type: 'phone' }]}
        email={emailBlock}
        phone={phoneBlock}
        emailAndPhone={bothBlock}
      />,
    );
    expect(screen.getByTestId('both-block')).toBeInTheDocument();
    expect(screen.queryByTestId('email-block')).toBeNull();
    expect(screen.queryByTestId('phone-block')).toBeNull();
    expect(warnSpy.mock.calls.map((call) => String(call[0]))).toEqual([
      '[latchkey] login view: a second "email" block is skipped.',
      '[latchkey] login view: a "phone" block after a phone field is skipped.',
    ]);
  });

  it('behavior: a second email block and a text block without a label are skipped', () => {
    renderInKit(
      <LoginView sections={[{ type: 'email' }, { type: 'text' }, { type: 'email' }]} email={emailBlock} />,
    );
    expect(screen.getAllByTestId('email-block')).toHaveLength(1);
    expect(warnSpy.mock.calls.map((call) => String(call[0]))).toEqual([
      '[latchkey] login view: a "text" block without a label is skipped.',
      '[latchkey] login view: a second "email" block is skipped.',
    ]);
  });

  it('behavior: malformed entries are skipped too', () => {
    const sections = [null, { type: 7 }, { type: 'email' }] as unknown as LoginViewSection[];
    renderInKit(<LoginView sections={sections} email={emailBlock} />);
    expect(screen.getByTestId('email-block')).toBeInTheDocument();
    expect(warnSpy).toHaveBeenCalledTimes(2);
  });

  it('behavior: a separator stays only between two sign-in methods, once', () => {
    const block = (key: string, kind?: 'method' | 'separator'): PlannedBlock => ({
      key,
      node: key,
      ...(kind === 'method' ? { method: true as const } : kind === 'separator' ? { separator: true as const } : {}),
    });
    const keys = (blocks: PlannedBlock[]) => blocks.map((b) => b.key);
    expect(keys(withoutStraySeparators([block('email', 'method'), block('or', 'separator'), block('social', 'method')]))).toEqual([
      'email',
      'or',
      'social',
    ]);
    expect(
      keys(
        withoutStraySeparators([
          block('lead', 'separator'),
          block('email', 'method'),
          block('or', 'separator'),
          block('again', 'separator'),
          block('text'),
          block('phone', 'method'),
          block('trail', 'separator'),
        ]),
      ),
    ).toEqual(['email', 'again', 'text', 'phone']);
    expect(keys(withoutStraySeparators([block('email', 'method'), block('or', 'separator'), block('text')]))).toEqual(['email', 'text']);
    expect(keys(withoutStraySeparators([block('or', 'separator'), block('text')]))).toEqual(['text']);
  });

  it('behavior: separators left at an end or doubled by skipped blocks are dropped', () => {
    const sections = [
      { type: 'separator', label: 'first' },
      { type: 'social' },
      { type: 'email' },
      { type: 'separator', label: 'or' },
      { type: 'wallet' },
      { type: 'separator', label: 'again' },
      { type: 'text', label: 'Help' },
      { type: 'separator', label: 'last' },
    ] as LoginViewSection[];
    const { container } = renderInKit(<LoginView sections={sections} email={emailBlock} />);
    const view = container.querySelector('[data-latchkey-view="login"]');
    expect([...(view?.children ?? [])].map((child) => child.getAttribute('aria-label') ?? child.textContent)).toEqual([
      'email step',
      'Help',
    ]);
  });

  it('behavior: the wallet block renders with its section', () => {
    renderInKit(<LoginView sections={[{ type: 'email' }, { type: 'wallet', label: 'Use a wallet' }]} email={emailBlock} wallet={(section) => <p>wallet: {section.label}</p>} />);
    expect(screen.getByText('wallet: Use a wallet')).toBeInTheDocument();
  });

  it('behavior: nothing renderable says so', () => {
    renderInKit(<LoginView sections={[{ type: 'wallet' }]} email={emailBlock} />);
    expect(screen.getByText('No sign-in method is available for this project.')).toBeInTheDocument();
    expect(screen.queryByTestId('email-block')).toBeNull();
  });
});
