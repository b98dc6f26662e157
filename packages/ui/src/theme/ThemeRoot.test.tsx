import { lightTheme } from '@latchkey/themes';
import { render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KitLayer, ThemeRoot } from './ThemeRoot.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('KitLayer', () => {
  it('behavior: takes a ref to its element (Radix portals and Presence hand one) without a React warning', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ref = createRef<HTMLDivElement>();
    render(
      <ThemeRoot theme={lightTheme()}>
        <KitLayer ref={ref}>layer</KitLayer>
      </ThemeRoot>,
    );
    expect(ref.current).toBeInstanceOf(HTMLDivElement);
    expect(ref.current).toHaveAttribute('data-latchkey-root');
    expect(ref.current).toHaveTextContent('layer');
    expect(errors).not.toHaveBeenCalled();
  });
});
