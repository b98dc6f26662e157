import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { PROVIDER_ICON_PATHS } from './providerIcons.js';
import { SocialSignInView } from './SocialSignInView.js';
import { PROVIDER_LABELS } from './providerLabel.js';

describe('SocialSignInView: provider marks', () => {
  it('behavior: a provider with a brand mark shows it in the text colour (its own chunk, after the first render); one without shows its initial; both hidden from screen readers', async () => {
    renderInKit(
      <main>
        <SocialSignInView providers={['google', 'linkedin']} status="idle" onSelect={vi.fn()} />
      </main>,
    );
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    // The marks are their own chunk: they arrive after the first render.
    await waitFor(() => expect(google.querySelector('svg')).not.toBeNull());
    const mark = google.querySelector('svg');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark?.querySelector('path')).toHaveAttribute('fill', 'currentColor');
    expect(mark?.querySelector('path')?.getAttribute('d')).toBe(PROVIDER_ICON_PATHS['google']);
    const linkedin = screen.getByRole('button', { name: 'Continue with LinkedIn' });
    expect(linkedin.querySelector('svg')).toBeNull();
    expect(within(linkedin).getByText('L')).toHaveAttribute('aria-hidden', 'true');
    await expectNoAxeViolations();
  });

  it('default: every mark is a well-formed path (the SVG grammar, arc flags included) for a provider of SPEC §9', () => {
    for (const [provider, path] of Object.entries(PROVIDER_ICON_PATHS)) {
      expect(PROVIDER_LABELS[provider], provider).toBeDefined();
      expect(isWellFormedPath(path), provider).toBe(true);
    }
    expect(isWellFormedPath('M0 0a1 1 0 00-1 1z')).toBe(true);
    expect(isWellFormedPath('M0 0a1 1 0 0 0-1 1z')).toBe(true);
    expect(isWellFormedPath('M0 0a1 1 0 0-1 1z')).toBe(false); // a flag missing: what Chromium refuses
    expect(Object.keys(PROVIDER_ICON_PATHS)).toEqual(expect.arrayContaining(['google', 'github', 'apple', 'discord', 'twitter', 'telegram']));
  });
});

/** Parameters per command of SVG path data; an arc's 4th and 5th are one-character flags. */
const PARAMETERS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

function isWellFormedPath(data: string): boolean {
  const number = /^-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/i;
  let rest = data.trim();
  if (!/^[Mm]/.test(rest)) return false;
  for (let guard = 0; rest.length > 0 && guard < 10_000; guard++) {
    const command = rest[0] as string;
    const count = PARAMETERS[command.toLowerCase()];
    if (count === undefined) return false;
    rest = rest.slice(1);
    let taken = 0;
    for (let inner = 0; inner < 10_000; inner++) {
      rest = rest.replace(/^[\s,]+/, '');
      if (rest.length === 0 || /^[a-z]/i.test(rest)) break;
      if (count === 0) return false;
      if (command.toLowerCase() === 'a' && taken % 7 >= 3 && taken % 7 <= 4) {
        if (rest[0] !== '0' && rest[0] !== '1') return false;
        rest = rest.slice(1);
      } else {
        const match = number.exec(rest);
        if (!match) return false;
        rest = rest.slice(match[0].length);
      }
      taken++;
    }
    if (count === 0 ? taken !== 0 : taken === 0 || taken % count !== 0) return false;
  }
  return rest.length === 0;
}
