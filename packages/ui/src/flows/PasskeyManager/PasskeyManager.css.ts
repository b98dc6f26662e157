import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

export const heading = style({ margin: 0, fontSize: '14px', fontWeight: 700, fontFamily: vars.fonts.body, color: vars.colors.text });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' });

export const item = style({
  padding: '8px 0',
  borderBottomStyle: 'solid',
  borderBottomWidth: vars.borderWidths.control,
  borderBottomColor: vars.colors.border,
});

export const name = style({ fontWeight: 600, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', gap: '4px' });
