import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

export const heading = style({ margin: 0, fontSize: '14px', fontWeight: 700, fontFamily: vars.fonts.body, color: vars.colors.text });

/** A white quiet zone keeps the code scannable in the dark theme too. */
export const qrFrame = style({
  alignSelf: 'center',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '184px',
  height: '184px',
  background: '#ffffff',
  borderRadius: vars.radii.control,
});

export const qr = style({ display: 'block', width: '168px', height: '168px' });

export const secret = style({ fontFamily: vars.fonts.mono, overflowWrap: 'anywhere', color: vars.colors.text });

export const codes = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '4px 16px',
  fontSize: '14px',
});

export const checkboxLabel = style({ display: 'flex', alignItems: 'center', gap: '8px', fontFamily: vars.fonts.body, fontSize: '14px', color: vars.colors.text });
