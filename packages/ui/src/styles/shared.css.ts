import { themeContract as vars } from '@latchkey/themes/contract.css';
import { keyframes, style, styleVariants } from '@vanilla-extract/css';

/** Building blocks shared by the kit's components. Only contract variables, never literal colours. */

const focusRing = {
  outline: `2px solid ${vars.colors.focusRing}`,
  outlineOffset: '2px',
} as const;

export const text = style({
  fontFamily: vars.fonts.body,
  color: vars.colors.text,
  fontSize: '15px',
  lineHeight: 1.45,
  margin: 0,
});

export const mutedText = style([text, { color: vars.colors.textMuted, fontSize: '14px' }]);

/** Long values (an address, a signature) wrap inside the kit's box instead of overflowing it. */
export const errorText = style([text, { color: vars.colors.danger, fontSize: '14px', overflowWrap: 'anywhere' }]);

/** An error and its hint under it (e.g. when to try again): one block, set apart from the controls around it. */
export const errorWithHint = style({ display: 'flex', flexDirection: 'column', gap: '2px' });

export const successText = style([text, { color: vars.colors.success }]);

export const stack = style({ display: 'flex', flexDirection: 'column', gap: '12px' });

export const row = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', flexWrap: 'wrap' });

export const label = style([text, { fontSize: '14px', fontWeight: 600 }]);

export const input = style([
  text,
  {
    boxSizing: 'border-box',
    width: '100%',
    minHeight: '44px',
    padding: '10px 12px',
    background: vars.colors.surfaceRaised,
    borderStyle: 'solid',
    borderWidth: vars.borderWidths.control,
    borderColor: vars.colors.border,
    borderRadius: vars.radii.control,
    ':focus-visible': { ...focusRing, borderColor: vars.colors.focusRing },
    selectors: {
      '&[aria-invalid="true"]': { borderColor: vars.colors.danger },
      '&::placeholder': { color: vars.colors.textMuted, opacity: 1 },
      // Not editable for now (a code being checked, a number being sent to): it sinks into the panel and its text
      // dims, as the busy button beside it does.
      '&:disabled, &[readonly], &[aria-disabled="true"]': { background: vars.colors.surface, color: vars.colors.textMuted, cursor: 'default' },
    },
  },
]);

/** The one-time-code input: wide-spaced monospace digits. */
export const codeInput = style([
  input,
  {
    fontFamily: vars.fonts.mono,
    fontSize: '24px',
    letterSpacing: '0.5em',
    textAlign: 'center',
    paddingInlineStart: 'calc(12px + 0.5em)',
  },
]);

const buttonBase = style([
  text,
  {
    boxSizing: 'border-box',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '8px',
    minHeight: '44px',
    padding: '10px 16px',
    fontWeight: 600,
    borderStyle: 'solid',
    borderWidth: vars.borderWidths.control,
    borderRadius: vars.radii.control,
    cursor: 'pointer',
    textDecoration: 'none',
    ':focus-visible': focusRing,
    selectors: {
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
    },
  },
]);

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.colors.accent,
      color: vars.colors.accentForeground,
      borderColor: vars.colors.accent,
      selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { filter: 'brightness(1.08)' } },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.colors.surfaceRaised,
      color: vars.colors.text,
      borderColor: vars.colors.border,
      selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { borderColor: vars.colors.textMuted } },
    },
  ],
  /** Looks like a link, acts like a button (resend, back, sign out). */
  quiet: [
    buttonBase,
    {
      minHeight: '32px',
      padding: '4px 6px',
      background: 'transparent',
      borderColor: 'transparent',
      color: vars.colors.text,
      fontWeight: 500,
      textDecoration: 'underline',
      textUnderlineOffset: '3px',
    },
  ],
});

export const fullWidth = style({ width: '100%' });

export const link = style({
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  borderRadius: '2px',
  ':focus-visible': focusRing,
});

/** Read by screen readers, invisible on screen (live status regions). */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** A small spinner in the current text colour; still under reduced motion. */
export const spinner = style({
  display: 'inline-block',
  width: '1em',
  height: '1em',
  boxSizing: 'border-box',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', borderRightColor: 'currentColor', opacity: 0.6 } },
});
