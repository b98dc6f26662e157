import type { LatchkeyClient, LatchkeyClientConfig } from '@latchkey/headless';
import { LatchkeyProvider as HeadlessProvider, useLatchkey } from '@latchkey/headless/react/provider';
import { lightTheme, themeFromSettings, ThemeError, type ThemeSetting } from '@latchkey/themes';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Messages } from '../messages/en.js';
import { MessagesProvider, withOverrides, type MessagesState } from '../messages/messagesContext.js';
import { ReportErrorProvider, WarnProvider, type ReportError, type Warn } from '../warn.js';
import { ThemeRoot } from '../theme/ThemeRoot.js';
import { CustomStylesheet } from '../theme/CustomStylesheet.js';
import { EmbeddedWalletOptionsContext, type EmbeddedWalletOptions } from './embeddedWalletConfig.js';
import { WalletPanelContext } from './walletPanelSlot.js';
import { version } from '../version.js';
import { importWhenOnline } from '../KitErrorBoundary/lazyWithRetry.js';

/** This package in the provider's version check. */
const UI_VERSIONS = { '@latchkey/ui': version };

export type LatchkeyUIProviderProps = KitOptions &
  (
    | {
        /** The client from `createLatchkeyClient(...)`, built once outside React. */
        client: LatchkeyClient;
        config?: never;
      }
    | {
        /**
         * Plain configuration instead of a client — what a Server Component (a Next.js root layout) can pass: the
         * provider builds one client from it per tree (so per server request) and keeps it.
         */
        config: LatchkeyClientConfig;
        client?: never;
      }
  );

export interface KitOptions {
  /**
   * The kit's theme: `lightTheme(...)`, `darkTheme(...)` or a `{ lightMode, darkMode }` pair.
   * Default: the project's look settings (`themeFromSettings(settings.design)`).
   */
  theme?: ThemeSetting | undefined;
  /**
   * Embedded wallets: the custody provider's `baseUrl` (and the `appName` its pages show). With it, the user
   * menu offers the signed-in user's embedded Solana wallet when the project enables embedded wallets. Without it,
   * the client's `createLatchkeyClient({ embeddedWallet })` is used; a field given here wins over the client's.
   */
  embeddedWallet?: EmbeddedWalletOptions | undefined;
  /**
   * The user menu's wallet panel (network, balances, send), e.g. `<SolanaWalletPanel />` from `@latchkey/ui/solana`
   * (which needs `@solana/web3.js` and `@solana/spl-token` installed). Without it the menu has no wallet panel, and
   * the host's bundle no Solana code.
   */
  walletPanel?: ReactNode;
  /**
   * The language of the kit's copy and the locale of its dates, amounts and currency, as a BCP 47 tag: `en`
   * (default), `es`, `ar` (right to left: the kit's views mirror), or a regional tag such as `es-MX` (the `es`
   * catalogue, Mexican formats). A language without a catalogue shows English with that locale's formats. The
   * catalogue loads on its own when asked for (English shows until it arrives); a host that never sets `locale`
   * never downloads one.
   */
  locale?: string | undefined;
  /**
   * Your wording for any of the kit's messages, by id (e.g. `{ 'kit.retry': 'Try again' }`), winning over the
   * locale's catalogue; the rest stay as the catalogue has them.
   */
  messages?: Partial<Messages> | undefined;
  children?: ReactNode;
}

/**
 * The kit's provider: the headless `LatchkeyProvider` (client, settings, session) plus the theme,
 * applied as CSS variables on a kit root element around `children`.
 */
export function LatchkeyUIProvider({ client, config, ...options }: LatchkeyUIProviderProps) {
  return (
    <HeadlessProvider {...(client ? { client } : { config: config as LatchkeyClientConfig })} versions={UI_VERSIONS}>
      <KitProviders {...options} />
    </HeadlessProvider>
  );
}

function KitProviders({ theme, embeddedWallet, walletPanel = null, locale = 'en', messages, children }: KitOptions) {
  const { client } = useLatchkey();
  const warn = useMemo<Warn>(() => (message) => client.logger.warn(message), [client]);
  const reportError = useMemo<ReportError>(() => (message, meta) => client.logger.error(message, meta), [client]);
  // Each field given here wins over the client's `createLatchkeyClient({ embeddedWallet })`, as `useEmbeddedWallet`'s do.
  const fromClient = client.embeddedWalletConfig;
  const baseUrl = embeddedWallet?.baseUrl ?? fromClient?.baseUrl;
  const appName = embeddedWallet?.appName ?? fromClient?.appName;
  const cloudDriveUrl = embeddedWallet?.cloudDriveUrl;
  const walletOptions = useMemo(() => (baseUrl ? { baseUrl, appName, cloudDriveUrl } : undefined), [baseUrl, appName, cloudDriveUrl]);
  const overrides = useMemo(() => withOverrides(messages), [messages]);
  const loaded = useLocaleCatalogue(locale, warn);
  const messagesState = useMemo<MessagesState>(
    () => ({ locale, dir: loaded?.dir ?? 'ltr', catalogue: loaded?.catalogue, overrides }),
    [locale, loaded, overrides],
  );
  return (
    <MessagesProvider value={messagesState}>
      <WarnProvider value={warn}>
        <ReportErrorProvider value={reportError}>
          <EmbeddedWalletOptionsContext.Provider value={walletOptions}>
            <WalletPanelContext.Provider value={walletPanel}>
              <SettingsThemeRoot theme={theme} warn={warn}>
                {children}
              </SettingsThemeRoot>
            </WalletPanelContext.Provider>
          </EmbeddedWalletOptionsContext.Provider>
        </ReportErrorProvider>
      </WarnProvider>
    </MessagesProvider>
  );
}

type LoadedLocale = Pick<MessagesState, 'catalogue' | 'dir'> & { locale: string };

/**
 * The catalogue and direction of `locale`'s language once loaded: undefined for English, while it loads, or if it
 * cannot (English shows). The loader itself is a chunk of its own, fetched only for a locale that is not English.
 */
function useLocaleCatalogue(locale: string, warn: Warn): LoadedLocale | undefined {
  const [loaded, setLoaded] = useState<LoadedLocale>();
  useEffect(() => {
    if (/^en\b/i.test(locale)) return;
    let current = true;
    importWhenOnline(() => import('../messages/locales.js'))
      .then((module) => module.loadLocale(locale))
      .then(
        (result) => current && result && setLoaded({ locale, ...result }),
        (error: unknown) => current && warn(`the ${locale} messages could not be loaded (${String(error)}); English is shown.`),
      );
    return () => {
      current = false;
    };
  }, [locale, warn]);
  return loaded?.locale === locale ? loaded : undefined;
}

function SettingsThemeRoot({ theme, warn, children }: { theme: ThemeSetting | undefined; warn: Warn; children?: ReactNode }) {
  const { settings } = useLatchkey();
  const design = settings?.design;
  const resolved = useMemo(() => (theme ? { theme } : themeFromDesign(design)), [theme, design]);
  const problem = resolved.problem;
  useEffect(() => {
    if (problem) warn(`the project's look settings cannot be used (${problem}); the default theme is shown.`);
  }, [problem, warn]);
  return (
    <ThemeRoot theme={resolved.theme}>
      <CustomStylesheet url={design?.branding?.customCssUrl} />
      {children}
    </ThemeRoot>
  );
}

/**
 * The project's theme. Bad look settings (say, a brand colour that is not hex) must not take the
 * host page down: the default theme is used and the `ThemeError` message is logged.
 */
function themeFromDesign(design: Parameters<typeof themeFromSettings>[0]): { theme: ThemeSetting; problem?: string } {
  try {
    return { theme: themeFromSettings(design) };
  } catch (error) {
    if (error instanceof ThemeError) return { theme: lightTheme(), problem: error.message };
    throw error;
  }
}
