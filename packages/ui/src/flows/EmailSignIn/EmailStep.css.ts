import { style } from '@vanilla-extract/css';
import { themeContract as vars } from '@latchkey/themes/contract.css';
import { button } from '../../styles/shared.css.js';

/** `emailSubmitButtonInsideInput`: the field and "Continue" share one box, the button at the field's end. */
export const inlineField = style({ position: 'relative' });

/** Room at the end of the field for the button. */
export const inputBesideSubmit = style({ paddingInlineEnd: '112px' });

export const insideSubmit = style([
  button.primary,
  {
    position: 'absolute',
    insetBlock: '4px',
    insetInlineEnd: '4px',
    minHeight: 0,
    paddingBlock: 0,
    paddingInline: '14px',
    borderRadius: `calc(${vars.radii.control} - 2px)`,
  },
]);
