import { globalStyle, style } from '@vanilla-extract/css';

/** Takes the alignment of where it sits: centred in the dialog's footer, at the start in the menu's. */
export const support = style({
  display: 'grid',
  gap: '4px',
  fontSize: '13px',
  lineHeight: 1.4,
  selectors: { '* + &': { marginTop: '8px' } },
});

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  overflowWrap: 'anywhere',
});

globalStyle(`${list} > li`, { display: 'inline-block', marginInlineEnd: '12px' });
globalStyle(`${list} > li:last-child`, { marginInlineEnd: 0 });
