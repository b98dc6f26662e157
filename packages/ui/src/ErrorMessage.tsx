import type { ReactNode } from 'react';
import { errorText, errorWithHint } from './styles/shared.css.js';

/**
 * An error announced to assistive technology as soon as it appears (`role="alert"`). Renders
 * nothing without a message, so it can sit in the markup unconditionally. `hint` goes right under
 * it, in one block with it (e.g. `RetryHint`).
 */
export function ErrorMessage({ id, hint, children }: { id?: string; hint?: ReactNode; children?: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  const message = (
    <p id={id} role="alert" className={errorText}>
      {children}
    </p>
  );
  // The hint sits with its error, outside the alert (a countdown would be announced every second).
  return hint ? (
    <div className={errorWithHint}>
      {message}
      {hint}
    </div>
  ) : (
    message
  );
}
