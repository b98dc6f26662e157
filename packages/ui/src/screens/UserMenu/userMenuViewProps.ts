import type { Support } from '../../Branding/support.js';
import type { ReactNode, Ref } from 'react';
import type { LinkedAccount } from './AccountView.js';
import type { MenuView } from './menuViews.js';

/** The props of `UserMenuView` (its own file: the menu's body reads them too). */
export interface UserMenuViewProps {
  /** The signed-in user's e-mail; the menu says "Account" without one (or the phone number). */
  email: string | undefined;
  /** The user's phone number (international format), shown when there is no e-mail. */
  phoneNumber?: string | undefined;
  /** The primary wallet's short address (`9yaW…8Q9R`), the account's name when it has no e-mail or number. */
  walletAddress?: string | undefined;
  /** The primary wallet's full address: the header's copy button copies it. */
  address?: string | undefined;
  /** The user's display name (first and last name, or user name), shown before the e-mail. */
  displayName?: string | undefined;
  /** The network's name for the header; a wallet panel inside the menu reports its own when this is not given. */
  network?: string | undefined;
  /** An onramp's page: the wallet panel offers Buy only with one. */
  buyUrl?: string | undefined;
  onSignOut: () => void;
  /** Ends every session of the user, on every device (shown under Sign out when given). */
  onSignOutEverywhere?: (() => void) | undefined;
  /** The organisation's links (branding `customMenuLinks`), already checked to be https. */
  links?: readonly { label: string; url: string }[] | undefined;
  /** Where users get help (display settings `supportText`, `supportEmail`, `supportUrls`), in the footer. */
  support?: Support | undefined;
  isSigningOut?: boolean;
  /** Sign-out failure, shown in the menu in the active locale (a `LatchkeyError`: its `message` is the spec's wording). */
  error?: { code?: string | undefined; message: string; params?: Readonly<Record<string, string | number>> | undefined; status?: number | undefined } | undefined;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * `popover` anchored to the trigger, `sheet` from the bottom of the screen, or `auto` (default): a sheet below
   * 480 px wide.
   */
  layout?: 'auto' | 'popover' | 'sheet' | undefined;
  /** The view shown when the menu opens (stories, tests); Home by default. */
  defaultView?: MenuView | undefined;
  triggerRef?: Ref<HTMLButtonElement>;
  /** The Home view under the header: the wallet panel (balances, Send, Receive). */
  children?: ReactNode;
  /** The other views' contents; Home lists a view only when it has some. */
  views?: {
    /** Linked wallets: marks, primary badge, make primary, link, unlink. */
    wallets?: ReactNode;
    /** Passkeys, two-step sign-in; the wallet panel adds its key actions (export, recover) below. */
    security?: ReactNode;
    /** Adding an e-mail or phone number (above the linked social accounts). */
    account?: ReactNode;
    /** The host's profile fields (below the linked social accounts). */
    profile?: ReactNode;
  };
  /** The user's social accounts (verified credentials of format `oauth`). */
  linkedAccounts?: readonly LinkedAccount[] | undefined;
  /** Enabled providers the user may link (those not linked yet). */
  linkableProviders?: readonly string[] | undefined;
  /** Called inside the click handler (a popup opens there). */
  onLink?: ((provider: string) => void) | undefined;
  onUnlink?: ((credentialId: string) => void) | undefined;
  /** "Confirm it's you" while an unlink waits for a second factor, shown under the linked accounts. */
  linkStepUp?: ReactNode;
  /** A link or unlink under way. */
  isLinking?: boolean | undefined;
  /** Linking or unlinking failure, as a sentence (e.g. 'This social account belongs to another user.'). */
  linkError?: { code?: string; message: string; status?: number | undefined } | undefined;
}
