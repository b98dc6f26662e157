import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

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

export const accountList = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '4px' });

export const accountRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' });

/** A long address wraps anywhere; the Unlink button beside it never breaks. */
export const accountLabel = style({ minWidth: 0, overflowWrap: 'anywhere', fontSize: '14px' });

export const unlink = style({ flex: 'none', whiteSpace: 'nowrap', fontSize: '14px' });

export const linkRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px' });

export const linkChip = style({ minHeight: '32px', padding: '4px 10px', fontSize: '13px', borderRadius: vars.radii.full });
