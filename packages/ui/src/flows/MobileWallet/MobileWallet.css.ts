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

/** The wallet list's QR panel (desktop): the code on white whatever the theme, so every phone camera reads it. */
export const qrPanel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '8px',
  padding: '12px',
  borderRadius: vars.radii.control,
  borderStyle: 'solid',
  borderWidth: vars.borderWidths.control,
  borderColor: vars.colors.border,
  background: vars.colors.surfaceRaised,
  textAlign: 'center',
});

export const qrFrame = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '184px',
  height: '184px',
  borderRadius: vars.radii.control,
  background: '#ffffff',
});

export const qr = style({ display: 'block', width: '168px', height: '168px' });

export const qrHeading = style({ margin: 0, fontSize: '14px', fontWeight: 700, color: vars.colors.text });

export const qrLink = style({ fontSize: '12px', overflowWrap: 'anywhere', color: vars.colors.textMuted });
