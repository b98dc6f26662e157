import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 2147483000,
  background: vars.colors.overlay,
  backdropFilter: `blur(${vars.blurs.overlay})`,
});

/** The sign-in card's surface, the same in the dialog and in the embedded sign-in (SignInEmbedded.css.ts). */
export const surface = style({
  boxSizing: 'border-box',
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
});

export const content = style([
  surface,
  {
    position: 'fixed',
    zIndex: 2147483001,
    top: '50%',
    left: '50%',
    transform: 'translate(-50%, -50%)',
    width: 'min(400px, calc(100vw - 32px))',
    maxHeight: 'calc(100vh - 32px)',
    overflowY: 'auto',
    boxShadow: vars.shadows.dialog,
    ':focus': { outline: 'none' },
    '@media': {
      // Phones: a bottom sheet, the full width, as tall as its content up to the screen's height.
      'screen and (max-width: 479.98px)': {
        top: 'auto',
        bottom: 0,
        left: 0,
        transform: 'none',
        width: '100%',
        maxHeight: 'calc(100dvh - 24px)',
        padding: '20px 16px calc(16px + env(safe-area-inset-bottom))',
        borderBottomWidth: 0,
        borderRadius: `${vars.radii.panel} ${vars.radii.panel} 0 0`,
      },
    },
  },
]);

export const header = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '8px', textAlign: 'center', paddingInline: '24px' });

export const logo = style({ width: '48px', height: '48px', objectFit: 'contain', borderRadius: vars.radii.control });

export const title = style({ margin: 0, fontSize: '19px', fontWeight: 700, lineHeight: 1.3, color: vars.colors.text });

export const description = style({ margin: 0, fontSize: '14px', color: vars.colors.textMuted });

export const footer = style({ textAlign: 'center', borderTop: `${vars.borderWidths.control} solid ${vars.colors.border}`, paddingTop: '16px' });

export const close = style({
  position: 'absolute',
  top: '12px',
  // The close button sits at the end of the reading direction (left, right to left).
  insetInlineEnd: '12px',
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

// The wallet view: its entry row on the main view, its header with Back.
export const entry = style({
  display: 'flex',
  alignItems: 'center',
  gap: '10px',
  width: '100%',
  minHeight: '44px',
  padding: '8px 12px',
  background: vars.colors.surfaceRaised,
  color: vars.colors.text,
  borderStyle: 'solid',
  borderWidth: vars.borderWidths.control,
  borderColor: vars.colors.border,
  borderRadius: vars.radii.control,
  font: 'inherit',
  fontSize: '15px',
  fontWeight: 600,
  cursor: 'pointer',
  ':hover': { borderColor: vars.colors.textMuted },
  ':focus-visible': { outline: `2px solid ${vars.colors.focusRing}`, outlineOffset: '2px' },
});

export const entryLabel = style({ flex: 1, textAlign: 'start' });

export const entryMarks = style({ display: 'inline-flex', gap: '4px' });

export const entryMark = style({ width: '20px', height: '20px', borderRadius: '5px' });

export const chevron = style({ flex: 'none', color: vars.colors.textMuted, selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });

export const viewHeader = style({ display: 'flex', alignItems: 'center', gap: '8px', paddingInlineEnd: '32px' });

export const back = style([close, { position: 'static', flex: 'none' }]);

export const backGlyph = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });

export const viewTitle = style([title, { flex: 1, ':focus': { outline: 'none' } }]);

export const view = style({ display: 'flex', flexDirection: 'column', gap: '12px' });
