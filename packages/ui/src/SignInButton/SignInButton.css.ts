import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';
import { button } from '../styles/shared.css.js';

/** The "Sign in" trigger: a primary button in the project's `design.button` theme record (the `button.*` tokens). */
export const trigger = style([
  button.primary,
  {
    background: vars.button.background,
    color: vars.button.text,
    borderColor: vars.button.background,
    borderRadius: vars.button.radius,
    borderWidth: vars.button.borderWidth,
  },
]);
