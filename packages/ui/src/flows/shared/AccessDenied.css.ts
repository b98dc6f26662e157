import { style } from '@vanilla-extract/css';

export const frame = style({ display: 'flex', justifyContent: 'center' });

export const image = style({ maxWidth: '100%', maxHeight: '160px', objectFit: 'contain' });
