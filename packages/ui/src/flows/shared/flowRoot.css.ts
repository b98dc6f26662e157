import { style } from '@vanilla-extract/css';

export const flowRoot = style({ display: 'flex', flexDirection: 'column', gap: '16px' });
