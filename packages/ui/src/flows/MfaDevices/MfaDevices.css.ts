import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

/** The device list of the user menu: plain rows. */
export const deviceList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '12px' });

/** "Confirm it's you": set apart from the list it interrupts. */
export const stepUp = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  padding: '12px',
  // Brought into view inside a scrolling menu: not flush with its edge.
  scrollMarginBlock: '16px',
  border: `1px solid ${vars.colors.border}`,
  borderRadius: vars.radii.control,
  background: vars.colors.surfaceRaised,
});

/** What the step-up is for ("Unlink 7EcD…FLtV"), under its heading. */
export const stepUpSubject = style({ margin: 0, color: vars.colors.text, fontSize: '14px', lineHeight: 1.45, fontWeight: 600, overflowWrap: 'anywhere' });
