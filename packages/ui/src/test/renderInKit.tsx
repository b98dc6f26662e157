import { lightTheme, type ThemeSetting } from '@latchkey/themes';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ThemeRoot } from '../theme/ThemeRoot.js';

/** Renders inside a themed kit root, as the Provider would; `rerender` keeps the root. */
export function renderInKit(ui: ReactElement, theme: ThemeSetting = lightTheme()): RenderResult {
  const wrapper = ({ children }: { children: ReactNode }) => <ThemeRoot theme={theme}>{children}</ThemeRoot>;
  return render(ui, { wrapper });
}
