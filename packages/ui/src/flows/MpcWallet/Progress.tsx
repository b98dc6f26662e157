import { formatNumber } from '../../messages/format.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { Spinner } from '../../Spinner.js';
import { mutedText, row } from '../../styles/shared.css.js';
import { progressMessage } from './progress.js';

/** The running command's line (a live region), or nothing. */
export function Progress({ status, round }: { status: string; round: string | undefined }) {
  const t = useMessages();
  const { locale } = useLocale();
  const message = progressMessage(status, round);
  if (!message) return null;
  return (
    <p className={`${mutedText} ${row}`} role="status" style={{ justifyContent: 'flex-start', margin: 0 }} data-testid="mpc-progress">
      <Spinner />
      {t(message.id, message.step === undefined ? undefined : { step: formatNumber(message.step, locale) })}
    </p>
  );
}
