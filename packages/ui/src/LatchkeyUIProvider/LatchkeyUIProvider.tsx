import { LatchkeyProvider as HeadlessProvider, useLatchkey } from '@latchkey/headless/react';
import { lightTheme, themeFromSettings, ThemeError, type ThemeSetting } from '@latchkey/themes';
import { useEffect, useMemo, type ComponentProps, type ReactNode } from 'react';
import type { Messages } from '../messages/en.js';
import { MessagesProvider, withOverrides } from '../messages/useMessages.js';
import { ReportErrorProvider, WarnProvider, type ReportError, type Warn } from '../warn.js';
import { ThemeRoot } from '../theme/ThemeRoot.js';
import { EmbeddedWalletOptionsContext, type EmbeddedWalletOptions } from './embeddedWalletConfig.js';

export interface LatchkeyUIProviderProps {
  /** The client from `createLatchkeyClient(...)`, built once outside React. */
  client: ComponentProps<typeof HeadlessProvider>['client'];
  /**
   * The kit's theme: `lightTheme(...)`, `darkTheme(...)` or a `{ lightMode, darkMode }` pair.
   * Default: the project's look settings (`themeFromSettings(settings.design)`).
   */
  theme?: ThemeSetting | undefined;
  /**
   * Embedded wallets: the custody provider's `baseUrl` (and the `appName` its pages show). With it, the user
   * menu offers the signed-in user's embedded Solana wallet when the project enables embedded wallets.
   */
  embeddedWallet?: EmbeddedWalletOptions | undefined;
  /** Your wording for any of the kit's messages, by id (e.g. `{ 'kit.retry': 'Try again' }`); the rest stay English. */
  messages?: Partial<Messages> | undefined;
  children?: ReactNode;
}

/**
 * The kit's provider: the headless `LatchkeyUIProvider` (client, settings, session) plus the theme,
 * applied as CSS variables on a kit root element around `children`.
 */
export function LatchkeyUIProvider({ client, theme, embeddedWallet, messages, children }: LatchkeyUIProviderProps) {
  const warn = useMemo<Warn>(() => (message) => client.logger.warn(message), [client]);
  const reportError = useMemo<ReportError>(() => (message, meta) => client.logger.error(message, meta), [client]);
  const { baseUrl, appName, cloudDriveUrl } = embeddedWallet ?? {};
  const walletOptions = useMemo(() => (baseUrl ? { baseUrl, appName, cloudDriveUrl } : undefined), [baseUrl, appName, cloudDriveUrl]);
  const catalogue = useMemo(() => withOverrides(messages), [messages]);
  return (
    <HeadlessProvider client={client}>
      <MessagesProvider value={catalogue}>
        <WarnProvider value={warn}>
          <ReportErrorProvider value={reportError}>
            <EmbeddedWalletOptionsContext.Provider value={walletOptions}>
              <SettingsThemeRoot theme={theme} warn={warn}>
                {children}
              </SettingsThemeRoot>
            </EmbeddedWalletOptionsContext.Provider>
          </ReportErrorProvider>
        </WarnProvider>
      </MessagesProvider>
    </HeadlessProvider>
  );
}

function SettingsThemeRoot({ theme, warn, children }: { theme: ThemeSetting | undefined; warn: Warn; children?: ReactNode }) {
  const { settings } = useLatchkey();
  const design = settings?.design;
  const resolved = useMemo(() => (theme ? { theme } : themeFromDesign(design)), [theme, design]);
  const problem = resolved.problem;
  useEffect(() => {
    if (problem) warn(`the project's look settings cannot be used (${problem}); the default theme is shown.`);
  }, [problem, warn]);
  return <ThemeRoot theme={resolved.theme}>{children}</ThemeRoot>;
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
