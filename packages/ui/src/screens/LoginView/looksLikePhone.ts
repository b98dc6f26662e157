/**
 * True when text typed into the combined field reads as a phone number rather than an e-mail
 * address: only digits, `+`, spaces and phone punctuation, with at least one digit. (The same rule as
 * `looksLikePhone` of @latchkey/headless, kept here so the first-paint code never imports it.)
 */
export function looksLikePhone(text: string): boolean {
  const value = typeof text === 'string' ? text.trim() : '';
  return value !== '' && !value.includes('@') && /^\+?[\d\s().-]+$/.test(value) && /\d/.test(value);
}
