import { style } from '@vanilla-extract/css';

export const support = style({
  display: 'grid',
  gap: '4px',
  fontSize: '13px',
  lineHeight: 1.4,
  textAlign: 'center',
  selectors: { '* + &': { marginTop: '8px' } },
});

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: '4px 12px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  overflowWrap: 'anywhere',
});
