import { ApiError } from '../errors/ApiError.js';
import { findUnsafeText, isUnsafeText, unsafeTextMessage } from '../text/unsafeText.js';

/** 400 `invalid_request` for a body holding unsafe text, naming where. */
export function assertSafeJson(value: unknown): void {
  const path = findUnsafeText(value);
  if (path !== undefined) throw new ApiError(400, 'invalid_request', path === '' ? unsafeTextMessage : `${path}: ${unsafeTextMessage}`, path || undefined);
}

/**
 * 400 `invalid_request` for a URL whose path or query carries a NUL (`%00`), a malformed percent-escape, or a
 * lone surrogate once decoded.
 */
export function assertSafeUrl(url: string): void {
  const at = url.indexOf('/', url.indexOf('//') + 2);
  const rest = at === -1 ? '' : url.slice(at);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest.replace(/\+/g, ' '));
  } catch {
    throw new ApiError(400, 'invalid_request', 'The request URL is not valid percent-encoded UTF-8.');
  }
  if (isUnsafeText(decoded)) throw new ApiError(400, 'invalid_request', unsafeTextMessage);
}
