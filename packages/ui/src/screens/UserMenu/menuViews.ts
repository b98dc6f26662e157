import type { MessageId } from '../../messages/en.js';

/** The user menu's views; `home` is the root, the others open from it (`linkAccount` from `account`). */
export type MenuView = 'home' | 'wallets' | 'security' | 'account' | 'linkAccount';

/** Where Back leads from each view. */
export const parentView: Record<Exclude<MenuView, 'home'>, MenuView> = {
  wallets: 'home',
  security: 'home',
  account: 'home',
  linkAccount: 'account',
};

/** Each view's title (its heading) and, for those Home lists, the line under the title. */
export const viewTitle: Record<MenuView, MessageId> = {
  home: 'menu.view.home',
  wallets: 'menu.view.wallets',
  security: 'menu.view.security',
  account: 'menu.view.account',
  linkAccount: 'menu.view.linkAccount',
};

export const viewHint: Partial<Record<MenuView, MessageId>> = {
  wallets: 'menu.nav.wallets',
  security: 'menu.nav.security',
  account: 'menu.nav.account',
};
