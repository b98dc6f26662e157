import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

export const heading = style({ margin: 0, fontSize: '14px', fontWeight: 700, fontFamily: vars.fonts.body, color: vars.colors.text });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px' });
export const item = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '8px',
  padding: '6px 0',
  borderBottomStyle: 'solid',
  borderBottomWidth: vars.borderWidths.control,
  borderBottomColor: vars.colors.border,
});
export const amount = style({ fontVariantNumeric: 'tabular-nums', textAlign: 'end' });
export const mono = style({ fontFamily: vars.fonts.mono, overflowWrap: 'anywhere', fontSize: '12px' });
export const details = style({ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' });
export const term = style({ color: vars.colors.textMuted, fontSize: '13px' });
export const definition = style({ margin: 0, overflowWrap: 'anywhere', fontSize: '13px', color: vars.colors.text, textAlign: 'end' });
export const amountRow = style({ display: 'flex', gap: '8px', alignItems: 'stretch' });
