import type { Decorator, Preview } from '@storybook/react-vite';
import { darkTheme, lightTheme, type ThemeOptions, type ThemeSetting } from '../packages/themes/src/index.js';
import { ThemeRoot } from '../packages/ui/src/index.js';

/** Brand colours to try the kit with; `default` is the theme's own accent. */
const ACCENTS = {
  default: undefined,
  teal: '#0e7490',
  yellow: '#facc15',
  red: '#dc2626',
  black: '#111111',
} as const;

function themeFor(mode: unknown, accent: unknown): ThemeSetting {
  const accentColor = ACCENTS[(typeof accent === 'string' && accent in ACCENTS ? accent : 'default') as keyof typeof ACCENTS];
  const options: ThemeOptions = accentColor ? { accentColor } : {};
  if (mode === 'dark') return darkTheme(options);
  if (mode === 'auto') return { lightMode: lightTheme(options), darkMode: darkTheme(options) };
  return lightTheme(options);
}

/**
 * Wraps every story in the themed kit root, like `LatchkeyUIProvider` does, on a surface-coloured
 * panel so inline steps read as they would inside the dialog.
 */
const withKitTheme: Decorator = (Story, context) => (
  <ThemeRoot theme={themeFor(context.globals['theme'], context.globals['accent'])}>
    <div
      style={{
        boxSizing: 'border-box',
        width: 'min(400px, 100vw)',
        padding: 24,
        background: 'var(--lk-colors-surface)',
        color: 'var(--lk-colors-text)',
        borderRadius: 'var(--lk-radii-panel)',
      }}
    >
      <Story />
    </div>
  </ThemeRoot>
);

const preview: Preview = {
  decorators: [withKitTheme],
  globalTypes: {
    theme: {
      description: 'Kit theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'auto', title: 'Follow the system' },
        ],
        dynamicTitle: true,
      },
    },
    accent: {
      description: 'Brand colour (design.modal.primaryColor)',
      toolbar: {
        title: 'Brand colour',
        icon: 'paintbrush',
        items: Object.entries(ACCENTS).map(([value, colour]) => ({ value, title: colour ? `${value} ${colour}` : 'default' })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', accent: 'default' },
  parameters: { layout: 'centered' },
};

export default preview;
