import { globalStyle, style } from '@vanilla-extract/css';
import { header, surface, viewHeader } from '../SignInDialog/SignInDialog.css.js';

/**
 * The embedded sign-in (`design.modal.view: 'embedded'`): the dialog's content as a card in the host's page — its
 * surface, border and corners, no overlay and no shadow over the page; as wide as its place allows, up to the
 * dialog's 400 px.
 */
export const panel = style([
  surface,
  {
    position: 'relative',
    width: '100%',
    maxWidth: '400px',
    textAlign: 'start',
    '@media': {
      // Phones: the page's width is the card's; less padding, as the bottom sheet has.
      'screen and (max-width: 479.98px)': { padding: '20px 16px' },
    },
  },
]);

// No close button here: the headers need not keep room for one (the dialog's reserve it at the inline ends).
globalStyle(`${panel} ${header}`, { paddingInline: 0 });
globalStyle(`${panel} ${viewHeader}`, { paddingInlineEnd: 0 });
