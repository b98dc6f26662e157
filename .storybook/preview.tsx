import type { Decorator, Preview } from '@storybook/react-vite';
import { darkTheme, lightTheme, type ThemeOptions, type ThemeSetting } from '../packages/themes/src/index.js';
import { ThemeRoot } from '../packages/ui/src/index.js';
import { directionOf } from '../packages/ui/src/messages/locales.js';
import { ar } from '../packages/ui/src/messages/locales/ar.js';
import { es } from '../packages/ui/src/messages/locales/es.js';
import { MessagesProvider, type MessagesState } from '../packages/ui/src/messages/messagesContext.js';

/** The kit's catalogues by locale, as `LatchkeyUIProvider`'s `locale` loads them (here at once, for the toolbar). */
const CATALOGUES = { en: undefined, es, ar } as const;

function messagesFor(locale: unknown): MessagesState {
  const id = (typeof locale === 'string' && locale in CATALOGUES ? locale : 'en') as keyof typeof CATALOGUES;
  return { locale: id, dir: directionOf(id), catalogue: CATALOGUES[id], overrides: {} };
}

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

/** A host page's own background, light or dark, for stories of what the kit shows inline in a page (`hostPage`). */
const HOST_PAGE_BACKGROUND = { light: '#f3f4f6', dark: '#0b0d12' } as const;

/**
 * Wraps every story in the themed kit root, like `LatchkeyUIProvider` does, on a surface-coloured
 * panel so inline steps read as they would inside the dialog. With `parameters.hostPage`, on a host page's
 * background instead (the embedded sign-in brings its own card).
 */
const withKitTheme: Decorator = (Story, context) => {
  const dir = directionOf(typeof context.globals['locale'] === 'string' ? context.globals['locale'] : 'en');
  const hostPage = context.parameters['hostPage'] === true;
  return (
    <MessagesProvider value={messagesFor(context.globals['locale'])}>
      <ThemeRoot theme={themeFor(context.globals['theme'], context.globals['accent'])}>
        <div
          dir={dir}
          style={
            hostPage
              ? {
                  boxSizing: 'border-box',
                  width: '100vw',
                  minHeight: '100vh',
                  display: 'flex',
                  justifyContent: 'center',
                  alignItems: 'flex-start',
                  padding: 16,
                  background: HOST_PAGE_BACKGROUND[context.globals['theme'] === 'dark' ? 'dark' : 'light'],
                }
              : {
                  boxSizing: 'border-box',
                  width: 'min(400px, 100vw)',
                  padding: 24,
                  background: 'var(--lk-colors-surface)',
                  color: 'var(--lk-colors-text)',
                  borderRadius: 'var(--lk-radii-panel)',
                }
          }
        >
          <Story />
        </div>
      </ThemeRoot>
    </MessagesProvider>
  );
};

/**
 * Viewports a story can ask for (`globals: { viewport: { value: 'phone' } }`): the Storybook toolbar's viewport
 * menu, and the storybook test project — @storybook/addon-vitest sizes the test's browser to it (1200 × 900 when a
 * story names none), so a phone story really renders at the phone's width (the dialog as a bottom sheet).
 */
const VIEWPORTS = {
  phone: { name: 'Phone 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
} as const;

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
    locale: {
      description: 'Language of the kit (LatchkeyUIProvider locale)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'es', title: 'Español' },
          { value: 'ar', title: 'العربية (right to left)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', accent: 'default', locale: 'en' },
  parameters: { layout: 'centered', viewport: { options: VIEWPORTS } },
};

export default preview;
