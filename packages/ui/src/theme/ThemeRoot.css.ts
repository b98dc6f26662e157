import { globalStyle, style } from '@vanilla-extract/css';

/**
 * The kit root carries the theme variables but no box of its own (`display: contents`), so wrapping
 * a host's tree (the Provider) or a portal's content changes no layout; the variables still inherit.
 */
export const kitRoot = style({ display: 'contents' });

globalStyle(`${kitRoot}[data-theme="light"]`, { colorScheme: 'light' });
globalStyle(`${kitRoot}[data-theme="dark"]`, { colorScheme: 'dark' });
