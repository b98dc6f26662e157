import { isThemePair, readableForeground, selectTheme, themeToCssVars, type Theme, type ThemeSetting } from '@latchkey/themes';
import { createContext, forwardRef, useContext, useMemo, type ReactNode } from 'react';
import { kitRoot } from './ThemeRoot.css.js';
import { usePrefersDark } from './usePrefersDark.js';
import { useLocale } from '../messages/useLocale.js';

interface KitTheme {
  colorScheme: 'light' | 'dark';
  vars: Record<string, string>;
}

const KitThemeContext = createContext<KitTheme | undefined>(undefined);

export interface ThemeRootProps {
  /** A theme, or a light/dark pair that follows `prefers-color-scheme`. */
  theme: ThemeSetting;
  children?: ReactNode;
}

/**
 * The kit root: an element (`data-latchkey-root`, no box of its own) carrying the theme as CSS
 * variables, plus a context so that content portalled out of it (dialog, menu) can carry the same
 * variables through `KitLayer`. The theme never leaks onto the host's own elements' styles: it only
 * sets `--lk-*` variables, which only the kit's classes read.
 */
export function ThemeRoot({ theme, children }: ThemeRootProps) {
  const prefersDark = usePrefersDark(isThemePair(theme));
  const colorScheme = isThemePair(theme) ? (prefersDark ? 'dark' : 'light') : schemeOf(theme);
  const resolved = selectTheme(theme, colorScheme);
  const vars = useMemo(() => themeToCssVars(resolved), [resolved]);
  const value = useMemo<KitTheme>(() => ({ colorScheme, vars }), [colorScheme, vars]);
  return (
    <KitThemeContext.Provider value={value}>
      <div data-latchkey-root="" data-theme={colorScheme} className={kitRoot} style={vars}>
        {children}
      </div>
    </KitThemeContext.Provider>
  );
}

/**
 * Re-applies the enclosing kit root's theme (and the locale's `dir`) on content that a portal moved elsewhere in the
 * document (Radix portals render into `document.body`, outside the kit root). Takes a ref: Radix's
 * portal and presence hand one to their child (React 18 warns about a function component without it).
 */
export const KitLayer = forwardRef<HTMLDivElement, { children?: ReactNode }>(function KitLayer({ children }, ref) {
  const theme = useContext(KitThemeContext);
  // The locale's writing direction (a right-to-left locale mirrors the portalled dialog, menu and sheet) and language
  // (the voice a screen reader reads them in).
  const { locale, dir } = useLocale();
  return (
    <div ref={ref} dir={dir} lang={locale} data-latchkey-root="" data-theme={theme?.colorScheme} className={kitRoot} style={theme?.vars}>
      {children}
    </div>
  );
});

/** A single theme's scheme, read from its surface: a surface that wants white text is dark. */
function schemeOf(theme: Theme): 'light' | 'dark' {
  const surface = theme.colors.surface;
  if (!/^#[0-9a-fA-F]{6}$/.test(surface)) return 'light';
  return readableForeground(surface.toLowerCase()) === '#ffffff' ? 'dark' : 'light';
}
