import { createGlobalThemeContract } from '@vanilla-extract/css';

/**
 * The semantic theme contract: every colour, radius, font, shadow, blur and border width the kit
 * uses, as CSS variables named `--lk-<group>-<token>` (e.g. `--lk-colors-accent`).
 *
 * It is a global contract (stable names, no build-time hashing) so that a theme computed at
 * runtime — `themeToCssVars(themeFromSettings(settings.design))` — and the kit's prebuilt
 * stylesheet always agree on the variable names, and a host can override one in plain CSS.
 * Components reference only these variables, never literal colours.
 */
export const themeContract = createGlobalThemeContract(
  {
    colors: {
      /** Primary action background (the brand / primary colour). */
      accent: null,
      /** Text and icons on top of `accent`; computed for contrast. */
      accentForeground: null,
      /** Panel background (dialog, menu). */
      surface: null,
      /** Raised areas on a surface: inputs, secondary buttons, hovered items. */
      surfaceRaised: null,
      /** Body text. */
      text: null,
      /** Secondary text: descriptions, hints, footers. */
      textMuted: null,
      /** Hairlines around inputs, panels and separators. */
      border: null,
      /** Error text and borders. */
      danger: null,
      /** Success text. */
      success: null,
      /** Keyboard focus outline. */
      focusRing: null,
      /** The backdrop behind a modal dialog. */
      overlay: null,
    },
    radii: {
      /** Buttons and inputs. */
      control: null,
      /** Dialogs and menus. */
      panel: null,
      /** Pills and avatars. */
      full: null,
    },
    fonts: {
      body: null,
      mono: null,
    },
    shadows: {
      /** Modal dialog. */
      dialog: null,
      /** Popover menu. */
      menu: null,
    },
    blurs: {
      /** Backdrop blur behind a modal dialog (a CSS length, used in `blur()`). */
      overlay: null,
    },
    borderWidths: {
      /** Inputs, buttons and panels. */
      control: null,
    },
    /** The kit's trigger ("Sign in") button: the project's `design.button` theme record (SPEC §2). */
    button: {
      /** `backgroundColor`; default the accent. */
      background: null,
      /** `textColor`; default readable on the background. */
      text: null,
      /** `radius` in px; default the controls' radius. */
      radius: null,
      /** `border` width in px; default the controls' border width. */
      borderWidth: null,
    },
  },
  (_value, path) => `lk-${path.join('-')}`,
);

/** A complete theme: one string value for every variable of the contract. */
export interface Theme {
  colors: {
    accent: string;
    accentForeground: string;
    surface: string;
    surfaceRaised: string;
    text: string;
    textMuted: string;
    border: string;
    danger: string;
    success: string;
    focusRing: string;
    overlay: string;
  };
  radii: { control: string; panel: string; full: string };
  fonts: { body: string; mono: string };
  shadows: { dialog: string; menu: string };
  blurs: { overlay: string };
  borderWidths: { control: string };
  button: { background: string; text: string; radius: string; borderWidth: string };
}
