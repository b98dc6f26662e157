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
