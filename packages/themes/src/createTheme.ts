import type { Theme } from './contract.css.js';
import { contrastRatio, parseHexColor, readableForeground } from './color.js';
import { ThemeError } from './ThemeError.js';

/** Options shared by `lightTheme()` and `darkTheme()`. Every option is checked. */
export interface ThemeOptions {
  /** Primary action colour, a 3- or 6-digit hex value. Default `#4f46e5`. */
  accentColor?: string;
  /** Text on the accent colour, a hex value. Default: white or near-black, whichever reads better. */
  accentForeground?: string;
  /** Corner radius of buttons and inputs in px, an integer from 0 to 48 (panels get 1.5×). Default 8. */
  radius?: number;
  /** Border width of inputs, buttons and panels in px, an integer from 0 to 8. Default 1. */
  borderWidth?: number;
  /** `system` (default) or `rounded` (SF Pro Rounded where available). */
  fontStack?: 'system' | 'rounded';
  /** Backdrop blur behind the dialog. Default `small`. */
  overlayBlur?: 'none' | 'small' | 'large';
  /** The trigger button (`design.button`): its colours (hex) and its radius and border width in px. Default: the accent's, the controls'. */
  button?: { backgroundColor?: string | undefined; textColor?: string | undefined; radius?: number | undefined; borderWidth?: number | undefined } | undefined;
}

/** The colours and shadows that differ between the light and the dark theme. */
export interface Palette {
  surface: string;
  surfaceRaised: string;
  text: string;
  textMuted: string;
  border: string;
  danger: string;
  success: string;
  overlay: string;
  dialogShadow: string;
  menuShadow: string;
}

export const DEFAULT_ACCENT = '#4f46e5';
export const DEFAULT_RADIUS = 8;
export const DEFAULT_BORDER_WIDTH = 1;
export const MAX_RADIUS = 48;
export const MAX_BORDER_WIDTH = 8;

const FONT_STACKS = {
  system: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  rounded: 'ui-rounded, "SF Pro Rounded", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
} as const;
const MONO_STACK = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const OVERLAY_BLURS = { none: '0px', small: '4px', large: '12px' } as const;

/** WCAG 2 minimum contrast for a focus indicator against its background. */
const FOCUS_RING_MIN_CONTRAST = 3;

/** Builds a complete theme from a palette and checked options; throws `ThemeError` on a bad option. */
export function createTheme(palette: Palette, options: ThemeOptions = {}): Theme {
  if (typeof options !== 'object' || options === null) {
    throw new ThemeError('theme options', options, 'must be an object');
  }
  const accent = parseHexColor('accentColor', options.accentColor ?? DEFAULT_ACCENT);
  const accentForeground =
    options.accentForeground === undefined
      ? readableForeground(accent)
      : parseHexColor('accentForeground', options.accentForeground);
  const radius = checkInteger('radius', options.radius ?? DEFAULT_RADIUS, MAX_RADIUS);
  const borderWidth = checkInteger('borderWidth', options.borderWidth ?? DEFAULT_BORDER_WIDTH, MAX_BORDER_WIDTH);
  const fontStack = checkChoice('fontStack', options.fontStack ?? 'system', FONT_STACKS);
  const overlayBlur = checkChoice('overlayBlur', options.overlayBlur ?? 'small', OVERLAY_BLURS);
  const trigger = options.button ?? {};
  const buttonBackground = trigger.backgroundColor === undefined ? accent : parseHexColor('button.backgroundColor', trigger.backgroundColor);
  const buttonText =
    trigger.textColor !== undefined
      ? parseHexColor('button.textColor', trigger.textColor)
      : trigger.backgroundColor === undefined
        ? accentForeground
        : readableForeground(buttonBackground);
  const buttonRadius = checkInteger('button.radius', trigger.radius ?? radius, MAX_RADIUS);
  const buttonBorderWidth = checkInteger('button.borderWidth', trigger.borderWidth ?? borderWidth, MAX_BORDER_WIDTH);

  // The accent doubles as the focus ring when it stands out from the surface; otherwise the text
  // colour does (a pale brand colour on a white dialog would hide keyboard focus).
  const focusRing = contrastRatio(accent, palette.surface) >= FOCUS_RING_MIN_CONTRAST ? accent : palette.text;

  return {
    colors: {
      accent,
      accentForeground,
      surface: palette.surface,
      surfaceRaised: palette.surfaceRaised,
      text: palette.text,
      textMuted: palette.textMuted,
      border: palette.border,
      danger: palette.danger,
      success: palette.success,
      focusRing,
      overlay: palette.overlay,
    },
    radii: {
      control: `${radius}px`,
      panel: `${Math.round(radius * 1.5)}px`,
      full: '9999px',
    },
    fonts: { body: FONT_STACKS[fontStack], mono: MONO_STACK },
    shadows: { dialog: palette.dialogShadow, menu: palette.menuShadow },
    blurs: { overlay: OVERLAY_BLURS[overlayBlur] },
    borderWidths: { control: `${borderWidth}px` },
    button: { background: buttonBackground, text: buttonText, radius: `${buttonRadius}px`, borderWidth: `${buttonBorderWidth}px` },
  };
}

function checkInteger(setting: string, value: unknown, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new ThemeError(setting, value, `must be a whole number of pixels from 0 to ${max}`);
  }
  return value;
}

function checkChoice<K extends string>(setting: string, value: unknown, choices: Record<K, string>): K {
  if (typeof value !== 'string' || !Object.hasOwn(choices, value)) {
    throw new ThemeError(setting, value, `must be one of ${Object.keys(choices).join(', ')}`);
  }
  return value as K;
}
