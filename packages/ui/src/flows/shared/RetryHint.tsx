import { useEffect, useState } from 'react';
import { formatNumber } from '../../messages/format.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { mutedText } from '../../styles/shared.css.js';
import type { FlowError } from './FlowError.js';

/**
 * Under a refusal that says when to try again (a 429's `Retry-After`, as `retryAfterSeconds`): 'Try again in N s.',
 * counting down from when the error arrived. Nothing once that time has come, nor for an error without one.
 */
export function RetryHint({ error }: { error: FlowError | null | undefined }) {
  const t = useMessages();
  const { locale } = useLocale();
  const wait = Math.max(0, error?.retryAfterSeconds ?? 0);
  const [seconds, setSeconds] = useState(wait);
  // Counted from this error's arrival: a new refusal (a new object) starts its own countdown.
  useEffect(() => {
    const until = Date.now() + wait * 1000;
    setSeconds(wait);
    if (!wait) return undefined;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setSeconds(left);
      if (!left) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [error, wait]);
  return seconds ? <p className={mutedText}>{t('common.retryIn', { seconds: formatNumber(seconds, locale, 0) })}</p> : null;
}
