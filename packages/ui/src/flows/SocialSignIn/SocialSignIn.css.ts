import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
  gap: '8px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const providerMark = style({ flexShrink: 0, display: 'inline-block', width: '18px', height: '18px' });

export const providerInitial = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '20px',
  height: '20px',
  borderRadius: '50%',
  background: vars.colors.accent,
  color: vars.colors.accentForeground,
  fontSize: '12px',
  fontWeight: 700,
  flexShrink: 0,
});

export const fullWidthButton = style({ width: '100%' });
