import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';
import { errorText } from '../styles/shared.css.js';

export const failure = style([
  errorText,
  {
    display: 'inline-flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: '4px 8px',
    boxSizing: 'border-box',
    maxWidth: '100%',
    padding: '6px 10px',
    borderRadius: vars.radii.control,
    background: vars.colors.surfaceRaised,
    border: `1px solid ${vars.colors.border}`,
    overflowWrap: 'anywhere',
  },
]);

export const retry = style({ color: vars.colors.text, minHeight: '32px' });

/** Wraps a button whose failure floats under it, so a failure never moves the host's own layout. */
export const anchor = style({ position: 'relative', display: 'inline-flex', verticalAlign: 'middle' });

/** A failure shown under its button, over the page, instead of beside it in the host's layout. */
export const floating = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  insetInlineEnd: 0,
  zIndex: 1,
  whiteSpace: 'nowrap',
  boxShadow: vars.shadows.menu,
  background: vars.colors.surface,
});
