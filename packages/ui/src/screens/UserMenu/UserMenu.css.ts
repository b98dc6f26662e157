import { themeContract as vars } from '@latchkey/themes/contract.css';
import { keyframes, style } from '@vanilla-extract/css';
import { item as walletListItem } from '../../flows/WalletSignIn/WalletList.css.js';

export const trigger = style({ maxWidth: '240px' });

export const triggerLabel = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: '24px',
  height: '24px',
  borderRadius: vars.radii.full,
  background: vars.colors.accent,
  color: vars.colors.accentForeground,
  fontSize: '12px',
  fontWeight: 700,
  textTransform: 'uppercase',
});

export const content = style({
  zIndex: 2147483000,
  boxSizing: 'border-box',
  minWidth: '240px',
  // A long menu (linked accounts, passkeys, two-step setup) scrolls inside the space Radix measures, so
  // "Sign out" stays reachable in a short window.
  maxHeight: 'var(--radix-popover-content-available-height)',
  overflowY: 'auto',
  // Wide enough for a code step ("Add email"), never wider than the screen.
  maxWidth: 'min(360px, calc(100vw - 16px))',
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  padding: '16px',
  background: vars.colors.surface,
  color: vars.colors.text,
  fontFamily: vars.fonts.body,
  borderStyle: 'solid',
  borderWidth: vars.borderWidths.control,
  borderColor: vars.colors.border,
  borderRadius: vars.radii.panel,
  boxShadow: vars.shadows.menu,
  ':focus': { outline: 'none' },
});

export const email = style({ fontWeight: 600, overflowWrap: 'anywhere' });

export const links = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px', fontSize: '14px' });

export const accounts = style({ display: 'flex', flexDirection: 'column', gap: '8px' });

/** A section's own button ("Link another account"): as wide as its label, like "Add phone number" and "Edit profile". */
export const sectionAction = style({ alignSelf: 'flex-start' });

export const accountList = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '4px' });

export const accountRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' });

/**
 * The provider on its line, the account (an e-mail, a handle) under it: on a phone the account then has the row's
 * width and a usual address stays on one line; a long one wraps anywhere. The Unlink button beside it never breaks.
 */
export const accountLabel = style({ minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere', fontSize: '14px' });

export const accountProvider = style({ fontWeight: 500 });

export const accountName = style({ fontSize: '13px', color: vars.colors.textMuted });

export const unlink = style({ flex: 'none', whiteSpace: 'nowrap', fontSize: '14px' });

export const linkRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px' });

export const linkChip = style({ minHeight: '32px', padding: '4px 10px', fontSize: '13px', borderRadius: vars.radii.full });

export const sectionHeading = style({ margin: 0, fontSize: '13px', fontWeight: 600, color: vars.colors.textMuted });
/** The Wallets view's "Link a wallet" under the linked wallets: a little more room above than below (a new section). */
export const linkHeading = style([sectionHeading, { marginBlockStart: '8px' }]);

/** A provider's mark (or its initial) beside its name. */
export const mark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: '24px',
  height: '24px',
  borderRadius: vars.radii.full,
  background: vars.colors.surfaceRaised,
  color: vars.colors.text,
  fontSize: '12px',
  fontWeight: 700,
});

// The header: who is signed in (Home), or Back and the view's title (the other views).
export const header = style({ display: 'flex', alignItems: 'center', gap: '10px', minHeight: '40px' });

export const avatarLarge = style([avatar, { width: '40px', height: '40px', fontSize: '16px' }]);

export const identity = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1, gap: '2px' });

export const nameRow = style({ display: 'flex', alignItems: 'center', gap: '4px', minWidth: 0 });

export const name = style({ fontWeight: 600, fontSize: '15px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 });

export const network = style({ display: 'inline-flex', alignItems: 'center', gap: '6px', fontSize: '12px', color: vars.colors.textMuted });

/** The network's marker, in the label's own colour: it names the network, it does not claim the node is reachable. */
export const networkDot = style({ width: '6px', height: '6px', borderRadius: vars.radii.full, background: 'currentColor', flex: 'none' });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '6px',
  flex: 'none',
  minWidth: '32px',
  height: '32px',
  padding: '0 6px',
  background: 'transparent',
  color: vars.colors.textMuted,
  border: 'none',
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  font: 'inherit',
  fontSize: '13px',
  ':hover': { background: vars.colors.surfaceRaised, color: vars.colors.text },
  ':focus-visible': { outline: `2px solid ${vars.colors.focusRing}`, outlineOffset: '2px' },
  selectors: { '&[data-copied]': { color: vars.colors.success } },
});

export const viewTitle = style({ margin: 0, fontSize: '16px', fontWeight: 700, flex: 1, color: vars.colors.text, ':focus': { outline: 'none' } });

/** Back points the way the text reads: mirrored right to left. */
export const backGlyph = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });

// Movement only, no fade: text keeps its full contrast from the first frame.
const enter = keyframes({ from: { transform: 'translateX(8px)' }, to: { transform: 'none' } });
// Right to left, a view comes in from the other side.
const enterRtl = keyframes({ from: { transform: 'translateX(-8px)' }, to: { transform: 'none' } });

/** A view's body; it slides in only when the user's system allows motion. */
export const view = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  '@media': {
    '(prefers-reduced-motion: no-preference)': {
      animation: `${enter} 160ms ease-out`,
      selectors: { '[dir="rtl"] &': { animationName: enterRtl } },
    },
  },
  // Home stays mounted under the other views: `hidden` must win over the flex display above.
  selectors: { '&[hidden]': { display: 'none' } },
});

// Home's list of views: a full-width row each (title, a line of what is inside, a chevron).
/** Rows reach into the menu's padding so their text lines up with the content above. */
export const navList = style({ listStyle: 'none', margin: '0 -10px', padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' });

export const navRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: '10px',
  width: '100%',
  minHeight: '44px',
  padding: '8px 10px',
  background: 'transparent',
  color: vars.colors.text,
  border: 'none',
  borderRadius: vars.radii.control,
  textAlign: 'start',
  font: 'inherit',
  cursor: 'pointer',
  ':hover': { background: vars.colors.surfaceRaised },
  ':focus-visible': { outline: `2px solid ${vars.colors.focusRing}`, outlineOffset: '-2px' },
  selectors: { '&[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const navLabel = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, fontSize: '14px', fontWeight: 600 });

export const navHint = style({ fontSize: '12px', fontWeight: 400, color: vars.colors.textMuted });

export const chevron = style({ flex: 'none', color: vars.colors.textMuted, selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });

export const footer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '10px',
  paddingTop: '12px',
  borderTopStyle: 'solid',
  borderTopWidth: vars.borderWidths.control,
  borderTopColor: vars.colors.border,
});

// Phone layout: below 480 px the menu is a bottom sheet (a Radix Dialog) over a dimmed page.
export const overlay = style({ position: 'fixed', inset: 0, zIndex: 2147483000, background: vars.colors.overlay });

export const sheet = style({
  position: 'fixed',
  zIndex: 2147483001,
  insetInline: 0,
  bottom: 0,
  boxSizing: 'border-box',
  maxHeight: 'calc(100dvh - 24px)',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  padding: '12px 16px calc(16px + env(safe-area-inset-bottom))',
  background: vars.colors.surface,
  color: vars.colors.text,
  fontFamily: vars.fonts.body,
  borderStyle: 'solid',
  borderWidth: vars.borderWidths.control,
  borderColor: vars.colors.border,
  borderBottomWidth: 0,
  borderRadius: `${vars.radii.panel} ${vars.radii.panel} 0 0`,
  boxShadow: vars.shadows.dialog,
  ':focus': { outline: 'none' },
  '@media': { '(prefers-reduced-motion: no-preference)': { animation: `${keyframes({ from: { transform: 'translateY(24px)' }, to: { transform: 'none' } })} 200ms ease-out` } },
});

/** The sheet's grab handle (decoration). */
export const handle = style({ alignSelf: 'center', width: '36px', height: '4px', borderRadius: vars.radii.full, background: vars.colors.border, flex: 'none' });

export const body = style({ display: 'flex', flexDirection: 'column', gap: '12px' });

/** The Security view's slot the wallet panel fills with its key actions. */
export const slot = style({ display: 'contents' });

/**
 * A linked wallet's short address ("7EcD…FLtV") is one left-to-right word: it never wraps, also beside the longer
 * labels of other languages (it sits in an ltr island inside right-to-left text, at the reading side).
 */
export const walletAddress = style({ whiteSpace: 'nowrap' });

/**
 * A linked wallet's row: its actions ("Make primary", "Unlink") stay one line each and keep to the end of the row; when
 * they do not fit beside the address (on a menu's width, "Make primary" and "Unlink" do not), they move under it
 * together rather than break inside a label.
 * The row an unlink waits on ("Confirm it's you") is outlined in the accent colour.
 */
export const walletRow = style([
  walletListItem,
  {
    flexWrap: 'wrap',
    gap: '4px 8px',
    selectors: { '&[data-step-up-target]': { borderColor: vars.colors.accent, boxShadow: `0 0 0 1px ${vars.colors.accent}` } },
  },
]);

export const walletActions = style({
  display: 'flex',
  alignItems: 'center',
  gap: '2px',
  marginInlineStart: 'auto',
  whiteSpace: 'nowrap',
});
