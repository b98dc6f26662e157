import { useState } from 'react';

/**
 * An error that belongs to the value it was about: once the user edits the field, the flow's error is no longer
 * shown (a fixed phone number no longer reads 'Invalid phone number.'); the next error shows again.
 */
export function useFieldError<E>(error: E | undefined) {
  const [dismissed, setDismissed] = useState<E>();
  return {
    /** The error to show, or undefined once the user changed the value it was about. */
    error: error !== undefined && error === dismissed ? undefined : error,
    /** Call on every change of the field's value. */
    dismiss: () => setDismissed(error),
  };
}
