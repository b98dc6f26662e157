/**
 * Text the database cannot store: a NUL character (PostgreSQL text and jsonb refuse it) or a lone UTF-16
 * surrogate (not encodable as UTF-8; jsonb refuses its escape). Input carrying either is bad input — a 400, never
 * a 500 from deep inside a query.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const unsafeTextMessage = 'The request must not contain NUL characters or unpaired surrogates.';

export function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/**
 * Where in a parsed JSON value an unsafe string (or key) is, as a path (`''` for the root), or `undefined`.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((entry, index) => stack.push({ value: entry, path: `${path}[${index}]` }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, entry] of Object.entries(current)) {
        const next = path === '' ? key : `${path}.${key}`;
        if (isUnsafeText(key)) return next;
        stack.push({ value: entry, path: next });
      }
    }
  }
  return undefined;
}
