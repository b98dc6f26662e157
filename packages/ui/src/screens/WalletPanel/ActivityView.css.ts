import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style, styleVariants } from '@vanilla-extract/css';
import { link } from '../../styles/shared.css.js';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });

export const item = style({
  display: 'grid',
  gridTemplateColumns: '32px minmax(0, 1fr) auto',
  alignItems: 'center',
  columnGap: '10px',
  padding: '10px 0',
  borderBottomStyle: 'solid',
  borderBottomWidth: vars.borderWidths.control,
  borderBottomColor: vars.colors.border,
  selectors: { '&:last-child': { borderBottomWidth: 0 } },
});

const iconBase = style({
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.colors.surfaceRaised,
  color: vars.colors.textMuted,
});

export const icon = styleVariants({
  in: [iconBase, { color: vars.colors.success }],
  out: [iconBase, { color: vars.colors.text }],
  self: [iconBase],
  failed: [iconBase, { color: vars.colors.danger }],
});

export const main = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });

export const title = style({ margin: 0, fontSize: '14px', fontWeight: 600, color: vars.colors.text });

export const detail = style({ margin: 0, fontSize: '12px', color: vars.colors.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const side = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '2px' });

export const amount = styleVariants({
  in: { fontSize: '14px', fontWeight: 600, fontVariantNumeric: 'tabular-nums', color: vars.colors.success, whiteSpace: 'nowrap' },
  out: { fontSize: '14px', fontWeight: 600, fontVariantNumeric: 'tabular-nums', color: vars.colors.text, whiteSpace: 'nowrap' },
  self: { fontSize: '14px', fontVariantNumeric: 'tabular-nums', color: vars.colors.textMuted, whiteSpace: 'nowrap' },
});

export const status = styleVariants({
  ok: { fontSize: '12px', color: vars.colors.textMuted },
  failed: { fontSize: '12px', fontWeight: 600, color: vars.colors.danger },
});

export const explorer = style([link, { fontSize: '12px' }]);

export const empty = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4px', padding: '20px 8px', textAlign: 'center' });
