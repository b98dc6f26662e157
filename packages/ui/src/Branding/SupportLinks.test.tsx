import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { expectNoAxeViolations } from '../test/axe.js';
import { fakeEmailFlow } from '../test/fakeEmailFlow.js';
import { renderInKit } from '../test/renderInKit.js';
import { SignInDialogView } from '../screens/SignInDialog/SignInDialogView.js';
import { UserMenuView } from '../screens/UserMenu/UserMenuView.js';
import { supportFrom } from './support.js';

const general = {
  supportEmail: 'help@acme.example',
  supportText: 'Stuck? Our team answers within a day.',
  supportUrls: ['https://help.acme.example/faq/', 'https://status.acme.example'],
};

describe('support (display settings supportEmail, supportText, supportUrls)', () => {
  let warnSpy: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warnSpy.mockRestore());

  it('default: nothing to show without the settings', () => {
    expect(supportFrom(undefined)).toBeUndefined();
    expect(supportFrom({ general: { supportText: '  ' } })).toBeUndefined();
  });

  it('error: an address that is not one and a URL that is not https are refused by name, the rest kept', () => {
    expect(
      supportFrom({ general: { supportEmail: 'javascript:alert(1)', supportUrls: ['http://help.acme.example', 'https://help.acme.example/'] } }),
    ).toEqual({ text: undefined, email: undefined, urls: ['https://help.acme.example/'], rejected: ['general.supportEmail', 'general.supportUrls[0]'] });
  });

  it('behavior: the sign-in dialog footer shows the sentence, a mailto link and the help links', async () => {
    renderInKit(<SignInDialogView open settings={{ general }} settingsStatus="ready" emailFlow={fakeEmailFlow()} />);
    const dialog = screen.getByRole('dialog');
    const help = within(dialog).getByRole('navigation', { name: 'Help' });
    expect(help).toHaveTextContent('Stuck? Our team answers within a day.');
    // The host's sentence keeps its own direction, isolated (an English one in an Arabic menu ends with its full stop).
    expect(within(help).getByText('Stuck? Our team answers within a day.').tagName).toBe('BDI');
    expect(within(help).getByRole('link', { name: 'Email help@acme.example' })).toHaveAttribute('href', 'mailto:help@acme.example');
    const faq = within(help).getByRole('link', { name: 'Help at help.acme.example/faq' });
    expect(faq).toHaveAttribute('href', 'https://help.acme.example/faq/');
    expect(faq).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(help).getByRole('link', { name: 'Help at status.acme.example' })).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations();
  });

  it('behavior: without supportText the links sit under "Need help?"; a refused URL is logged, never shown', () => {
    renderInKit(<SignInDialogView open settings={{ general: { supportUrls: ['javascript:alert(1)', 'https://help.acme.example'] } }} settingsStatus="ready" emailFlow={fakeEmailFlow()} />);
    const help = screen.getByRole('navigation', { name: 'Help' });
    expect(help).toHaveTextContent('Need help?');
    expect(within(help).getAllByRole('link')).toHaveLength(1);
    expect(warnSpy.mock.calls.flat().join('\n')).toContain('general.supportUrls[0] is not an https URL');
  });

  it('default: no help block in the dialog when the project sets none', () => {
    renderInKit(<SignInDialogView open settings={{ general: { displayName: 'Acme' } }} settingsStatus="ready" emailFlow={fakeEmailFlow()} />);
    expect(screen.queryByRole('navigation', { name: 'Help' })).toBeNull();
  });

  it("behavior: the user menu's footer shows the same help above Sign out", async () => {
    const user = userEvent.setup();
    renderInKit(<UserMenuView email="ada@example.com" onSignOut={vi.fn()} support={supportFrom({ general })} />);
    await user.click(screen.getByRole('button', { name: 'Account: ada@example.com' }));
    const menu = screen.getByRole('dialog', { name: /^Signed in as/ });
    const help = within(menu).getByRole('navigation', { name: 'Help' });
    expect(within(help).getByRole('link', { name: 'Email help@acme.example' })).toHaveAttribute('href', 'mailto:help@acme.example');
    expect(within(help).getAllByRole('link')).toHaveLength(3);
    await expectNoAxeViolations();
  });
});
