import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

export const list = style({ display: 'flex', flexDirection: 'column', gap: '6px', margin: 0, padding: 0, listStyle: 'none', maxHeight: '260px', overflowY: 'auto' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: '10px',
  padding: '8px 10px',
  border: `1px solid ${vars.colors.border}`,
  borderRadius: vars.radii.control,
  background: vars.colors.surface,
});

export const name = style({ flex: 1, color: vars.colors.text, fontSize: '14px', fontWeight: 600 });

export const icon = style({ width: '24px', height: '24px', borderRadius: '6px', flexShrink: 0 });

export const placeholderIcon = style([icon, { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', background: vars.colors.accent, color: vars.colors.accentForeground, fontSize: '12px', fontWeight: 700 }]);

export const badge = style({
  fontSize: '12px',
  padding: '2px 8px',
  borderRadius: vars.radii.full,
  background: vars.colors.surfaceRaised,
  color: vars.colors.success,
  border: `1px solid ${vars.colors.border}`,
});

/** An installed wallet's row: the list item holds one full-width button. */
export const rowItem = style({ display: 'flex' });

export const rowButton = style([
  item,
  {
    flex: 1,
    font: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    color: vars.colors.text,
    ':hover': { borderColor: vars.colors.textMuted, background: vars.colors.surfaceRaised },
    ':focus-visible': { outline: `2px solid ${vars.colors.focusRing}`, outlineOffset: '1px' },
    selectors: { '&[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 } },
  },
]);

/** A hardware variant (signs in by memo transaction). */
export const hardwareBadge = style([badge, { color: vars.colors.textMuted }]);

/** A phone app reached by link. */
export const appBadge = style([badge, { color: vars.colors.textMuted }]);
