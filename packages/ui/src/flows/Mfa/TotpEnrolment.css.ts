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
