import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { PROVIDER_ICON_PATHS } from './providerIcons.js';
import { SocialButtons } from './SocialButtons.js';
import { PROVIDER_LABELS } from './types.js';

describe('SocialButtons: provider marks', () => {
  it('behavior: a provider with a brand mark shows it in the text colour; one without shows its initial; both hidden from screen readers', async () => {
    renderInKit(
      <main>
        <SocialButtons providers={['google', 'linkedin']} status="idle" onSelect={vi.fn()} />
      </main>,
    );
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    const mark = google.querySelector('svg');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark?.querySelector('path')).toHaveAttribute('fill', 'currentColor');
    expect(mark?.querySelector('path')?.getAttribute('d')).toBe(PROVIDER_ICON_PATHS['google']);
    const linkedin = screen.getByRole('button', { name: 'Continue with LinkedIn' });
    expect(linkedin.querySelector('svg')).toBeNull();
    expect(within(linkedin).getByText('L')).toHaveAttribute('aria-hidden', 'true');
    await expectNoAxeViolations();
  });

  it('default: every mark is a single path drawn in the 24×24 box, for a provider of SPEC §9', () => {
    for (const [provider, path] of Object.entries(PROVIDER_ICON_PATHS)) {
      expect(PROVIDER_LABELS[provider], provider).toBeDefined();
      expect(path, provider).toMatch(/^[Mm][\d.\s,\-a-zA-Z]+$/);
    }
    expect(Object.keys(PROVIDER_ICON_PATHS)).toEqual(expect.arrayContaining(['google', 'github', 'apple', 'discord', 'twitter', 'telegram']));
  });
});
