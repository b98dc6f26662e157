import type { ReactNode } from 'react';
import { errorText } from './styles/shared.css.js';

/**
 * An error announced to assistive technology as soon as it appears (`role="alert"`). Renders
 * nothing without a message, so it can sit in the markup unconditionally.
 */
export function ErrorMessage({ id, children }: { id?: string; children?: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <p id={id} role="alert" className={errorText}>
      {children}
    </p>
  );
}
