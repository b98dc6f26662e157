import { themeContract as vars } from '@latchkey/themes/contract.css';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: '16px' });

export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: '10px', minHeight: '44px' });

export const checkbox = style({ width: '20px', height: '20px', margin: 0, accentColor: vars.colors.accent, flexShrink: 0 });

export const actions = style({ display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' });

export const dangerZone = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  paddingTop: '16px',
  borderTopStyle: 'solid',
  borderTopWidth: '1px',
  borderTopColor: vars.colors.border,
});

export const dangerButton = style({
  color: vars.colors.danger,
  borderColor: vars.colors.danger,
});

/** The Account view's "Profile" section: its label above a left-aligned "Edit profile" (not a lone centred link). */
export const entryHeading = style({ margin: 0, fontSize: '13px', fontWeight: 600, color: vars.colors.textMuted });

export const entry = style({ display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'flex-start' });

/** The form, then Delete account, spaced as the form's own stack. */
export const entryBody = style({ alignSelf: 'stretch', display: 'flex', flexDirection: 'column', gap: '12px' });
