import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 2147483000,
  background: vars.colors.overlay,
  backdropFilter: `blur(${vars.blurs.overlay})`,
});

export const content = style({
  position: 'fixed',
  zIndex: 2147483001,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  boxSizing: 'border-box',
  width: 'min(400px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '20px',
  padding: '24px',
  background: vars.colors.surface,
  color: vars.colors.text,
  fontFamily: vars.fonts.body,
  borderStyle: 'solid',
  borderWidth: vars.borderWidths.control,
  borderColor: vars.colors.border,
  borderRadius: vars.radii.panel,
  boxShadow: vars.shadows.dialog,
  ':focus': { outline: 'none' },
});

export const header = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '8px', textAlign: 'center', paddingInline: '24px' });

export const logo = style({ width: '48px', height: '48px', objectFit: 'contain', borderRadius: vars.radii.control });

export const title = style({ margin: 0, fontSize: '19px', fontWeight: 700, lineHeight: 1.3, color: vars.colors.text });

export const description = style({ margin: 0, fontSize: '14px', color: vars.colors.textMuted });

export const footer = style({ textAlign: 'center', borderTop: `${vars.borderWidths.control} solid ${vars.colors.border}`, paddingTop: '16px' });

export const close = style({
  position: 'absolute',
  top: '12px',
  right: '12px',
  width: '32px',
  height: '32px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 0,
  background: 'transparent',
  color: vars.colors.textMuted,
  border: 'none',
  borderRadius: vars.radii.full,
  fontSize: '20px',
  lineHeight: 1,
  cursor: 'pointer',
  ':hover': { background: vars.colors.surfaceRaised, color: vars.colors.text },
  ':focus-visible': { outline: `2px solid ${vars.colors.focusRing}`, outlineOffset: '2px' },
});

export const loading = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '8px', minHeight: '96px', color: vars.colors.textMuted });
