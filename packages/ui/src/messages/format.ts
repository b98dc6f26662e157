/**
 * Dates, amounts and currency in the active locale, through the platform's `Intl` (no data shipped with the kit).
 * Every function takes the locale `useLocale()` gives; a tag the platform does not know falls back to English.
 */

/**
 * `locale` as `Intl` takes it: canonical, with `_` read as `-` (`ar_EG` is `ar-EG`, as the catalogue reads it); a tag
 * the platform refuses is English.
 */
export function intlLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale.replace(/_/g, '-'))[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** A time of day, e.g. `3:45 PM` / `15:45` / `٣:٤٥ م`; an unreadable value is shown as given. */
export function formatTime(value: string | number | Date, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'short' }).format(date);
}

/** A calendar date, e.g. `Mar 4, 2026` / `4 mar 2026` / `٤ مارس ٢٠٢٦`; an unreadable value is shown as given. */
export function formatDate(value: string | number | Date, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(date);
}

/** A date and time, e.g. `Mar 4, 2026, 2:05 PM`. */
export function formatDateTime(value: string | number | Date, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago (or from now) `value` is, e.g. `5 minutes ago` / `hace 5 minutos` / `قبل ٥ دقائق`. */
export function formatRelativeTime(value: string | number | Date, locale: string, now: number = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  let amount = (date.getTime() - now) / 1000;
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}

/**
 * A count or a token amount with the locale's digits and separators, keeping up to `maximumFractionDigits`. A
 * decimal string (`"123456789.123456789"`) is formatted exactly, not through a float.
 */
export function formatNumber(value: number | string, locale: string, maximumFractionDigits = 9): string {
  if (typeof value === 'string' ? !/^-?\d+(\.\d+)?$/.test(value.trim()) : !Number.isFinite(value)) return String(value);
  const format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: Math.min(Math.max(maximumFractionDigits, 0), 100) });
  // Intl formats a decimal string exactly (ES2023); the type is widened for older lib typings.
  return format.format(value as number);
}

/** A fiat value, e.g. `$1,234.50` / `1234,50 US$` / `‏١٬٢٣٤٫٥٠ US$`. An unknown currency code shows the number and the code. */
export function formatCurrency(value: number, currency: string, locale: string): string {
  if (!Number.isFinite(value)) return String(value);
  try {
    return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(value);
  } catch {
    return `${formatNumber(value, locale, 2)} ${currency}`;
  }
}

/**
 * A list in the locale's words and separators: `conjunction` ("A, B and C" / "A, B y C" / "A وB وC"), or `unit` for
 * amounts ("1 SOL, 2 USDC" / "1 SOL، و2 USDC").
 */
export function formatList(values: readonly string[], locale: string, type: 'conjunction' | 'unit' = 'conjunction'): string {
  return new Intl.ListFormat(intlLocale(locale), { type, style: type === 'unit' ? 'short' : 'long' }).format(values);
}
