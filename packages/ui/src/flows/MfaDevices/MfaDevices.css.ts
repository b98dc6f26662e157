import { style } from '@vanilla-extract/css';

/** The device list of the user menu: plain rows. */
export const deviceList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '12px' });
