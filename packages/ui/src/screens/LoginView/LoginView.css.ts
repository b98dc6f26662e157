import { themeContract as vars } from '@latchkey/themes/contract.css';
import { globalStyle, style } from '@vanilla-extract/css';

export const view = style({ display: 'flex', flexDirection: 'column', gap: '16px' });

export const separator = style({
  display: 'flex',
  alignItems: 'center',
  gap: '12px',
  color: vars.colors.textMuted,
  fontFamily: vars.fonts.body,
  fontSize: '13px',
  '::before': { content: '""', flex: 1, borderTop: `${vars.borderWidths.control} solid ${vars.colors.border}` },
  '::after': { content: '""', flex: 1, borderTop: `${vars.borderWidths.control} solid ${vars.colors.border}` },
});

globalStyle(`${separator}:empty`, { gap: 0 });

/**
 * The project's own words (a `text` block, a separator's label): their direction comes from their first letter, not
 * the locale's — an English sentence inside the Arabic kit keeps its full stop at its end, and starts at its left.
 */
export const projectText = style({ unicodeBidi: 'plaintext' });
