import { style } from '@vanilla-extract/css';

export const countrySelect = style({ appearance: 'auto', cursor: 'pointer' });
