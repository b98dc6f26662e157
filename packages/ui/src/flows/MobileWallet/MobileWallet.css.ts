import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  padding: '16px',
  borderRadius: vars.radii.panel,
  borderStyle: 'solid',
  borderWidth: vars.borderWidths.control,
  borderColor: vars.colors.border,
  background: vars.colors.surface,
  color: vars.colors.text,
  fontFamily: vars.fonts.body,
});

export const heading = style({ margin: 0, fontSize: '16px', fontWeight: 700 });

export const value = style({
  margin: 0,
  fontFamily: vars.fonts.mono,
  fontSize: '13px',
  overflowWrap: 'anywhere',
  padding: '8px',
  borderRadius: vars.radii.control,
  background: vars.colors.surfaceRaised,
});

export const actions = style({ display: 'flex', gap: '8px', flexWrap: 'wrap' });

export const busyLine = style({ display: 'flex', alignItems: 'center', gap: '8px', margin: 0 });
