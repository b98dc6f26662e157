import { useMessages } from './messages/useMessages.js';
import { Spinner } from './Spinner.js';
import { mutedText } from './styles/shared.css.js';

/**
 * A part of the kit on its way (a lazy section, a flow's first read): the spinner with words a screen reader
 * announces — 'Loading…', or `label` when it can say what.
 */
export function Loading({ label }: { label?: string }) {
  const t = useMessages();
  return (
    <p role="status" className={mutedText}>
      <Spinner /> {label ?? t('kit.loading')}
    </p>
  );
}
