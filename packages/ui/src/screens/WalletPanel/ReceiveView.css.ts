import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';
import { button } from '../../styles/shared.css.js';

/** The QR code stays dark on white in both themes: scanners read that best. */
export const qrFrame = style({
  alignSelf: 'center',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '200px',
  height: '200px',
  background: '#ffffff',
  color: '#111111',
  borderRadius: vars.radii.control,
  borderStyle: 'solid',
  borderWidth: vars.borderWidths.control,
  borderColor: vars.colors.border,
});

export const qr = style({ display: 'block', imageRendering: 'pixelated' });

export const details = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: '4px' });

export const address = style({ margin: 0, padding: '8px 10px', background: vars.colors.surfaceRaised, borderRadius: vars.radii.control, color: vars.colors.text, fontSize: '13px', lineHeight: 1.5 });

export const value = style({ margin: '0 0 4px', fontSize: '14px', color: vars.colors.text });

export const copy = style([button.secondary, { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: '8px', selectors: { '&[data-copied]': { color: vars.colors.success } } }]);
