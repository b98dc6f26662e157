import { spinner } from './styles/shared.css.js';

/** Decorative busy indicator; the accompanying live region carries the words. */
export function Spinner() {
  return <span aria-hidden="true" className={spinner} />;
}
