import { createContext, useContext } from 'react';

/**
 * What the user menu tells the wallet panel inside it (and what the panel tells the menu back). Outside a menu (a
 * wallet panel in a story or a host's own layout) there is none, and the panel shows all of its actions itself.
 */
export interface UserMenuContextValue {
  /** The Security view's slot for the wallet's key actions (export, recover, backup); null while it is not shown. */
  walletActionsTarget: HTMLElement | null;
  /** Back to the Home view, where the wallet panel shows the screen a key action opened. */
  showHome: () => void;
  /** The wallet panel's selected network, for the menu's header. */
  reportNetwork: (name: string | undefined) => void;
  /** The wallet panel's screen: while it is not `home` (send, receive, export…), the menu shows that screen alone. */
  reportWalletScreen: (screen: string) => void;
  /** An onramp's page (the project's funding settings): the panel offers Buy only with one. */
  buyUrl?: string | undefined;
}

export const UserMenuContext = createContext<UserMenuContextValue | null>(null);

export const useUserMenu = () => useContext(UserMenuContext);
