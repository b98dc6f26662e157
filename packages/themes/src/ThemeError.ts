/**
 * A theme option or design setting that cannot be turned into a theme, e.g. a brand colour that is
 * not a 3- or 6-digit hex value. `setting` names the offending option (`accentColor`,
 * `design.modal.primaryColor`, …) and `value` is what was given.
 */
export class ThemeError extends Error {
  override readonly name = 'ThemeError';
  readonly setting: string;
  readonly value: unknown;

  constructor(setting: string, value: unknown, requirement: string) {
    super(`${setting} ${requirement} (got ${describe(value)}).`);
    this.setting = setting;
    this.value = value;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) {
    return String(value);
  }
  return typeof value;
}
