import type { SocialFlowStatus } from './SocialSignInModel.js';
import { useEffect, useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, stack, visuallyHidden } from '../../styles/shared.css.js';
import * as styles from './SocialSignIn.css.js';
import { providerLabel } from './providerLabel.js';
import { RetryHint } from '../shared/RetryHint.js';
import type { FlowError } from '../shared/FlowError.js';
import { formatNumber } from '../../messages/format.js';
import { useLocale, useMessages, type Translate } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface SocialSignInViewProps {
  /** Enabled providers, in the settings' order. */
  providers: readonly string[];
  /** How many buttons show before "More options" (selector settings, SPEC §2). Default 4. */
  numOfItemsToDisplay?: number | undefined;
  status?: SocialFlowStatus;
  /** The provider of the attempt under way (its button shows a spinner). */
  activeProvider?: string | undefined;
  error?: FlowError | undefined;
  /** Called inside the click handler (the popup must open there). */
  onSelect: (provider: string) => void;
  onCancel?: (() => void) | undefined;
  /** Start expanded (stories). */
  defaultExpanded?: boolean;
  /**
   * Opens "More options" as a view of its own (the sign-in dialog's): the button then leads there instead of
   * expanding the list in place.
   */
  onMore?: (() => void) | undefined;
}

const WAITING: ReadonlySet<SocialFlowStatus> = new Set(['opening', 'awaitingAuthorization', 'exchanging', 'redirecting', 'completingRedirect']);

function statusText(status: SocialFlowStatus, provider: string, t: Translate): string {
  if (status === 'opening') return t('social.opening', { provider });
  if (status === 'awaitingAuthorization') return t('social.awaiting', { provider });
  if (status === 'exchanging' || status === 'completingRedirect') return t('social.signingIn', { provider });
  if (status === 'redirecting') return t('social.redirecting', { provider });
  if (status === 'done') return t('social.done', { provider });
  return '';
}

/** The `social` block: one button per provider, the first few shown and a "More options" toggle. Presentational. */
export function SocialSignInView({ providers, numOfItemsToDisplay = 4, status = 'idle', activeProvider, error, onSelect, onCancel, defaultExpanded = false, onMore }: SocialSignInViewProps) {
  const t = useMessages();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const id = useId();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const limit = Math.max(1, numOfItemsToDisplay);
  const hasMore = providers.length > limit;
  const shown = (expanded && !onMore) || !hasMore ? providers : providers.slice(0, limit);
  const waiting = WAITING.has(status);
  const activeLabel = activeProvider ? providerLabel(activeProvider) : '';
  if (providers.length === 0) return null;

  return (
    <div className={stack} data-latchkey-block="social" data-state={status} aria-busy={waiting || undefined}>
      <ul className={styles.grid} id={`${id}-list`} aria-label={t('social.list')}>
        {shown.map((provider) => {
          const label = providerLabel(provider);
          const busy = waiting && activeProvider === provider;
          return (
            <li key={provider}>
              <button
                type="button"
                className={`${button.secondary} ${styles.fullWidthButton}`}
                aria-disabled={waiting ? true : undefined}
                aria-label={t('social.continueWith', { provider: label })}
                data-provider={provider}
                onClick={() => {
                  if (!waiting) onSelect(provider);
                }}
              >
                {busy ? <Spinner /> : <ProviderIcon provider={provider} label={label} />}
                {label}
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && onMore ? (
        <button type="button" className={button.quiet} data-opens="social" onClick={onMore}>
          {t('signIn.social.more', { count: formatNumber(providers.length - limit, locale) })}
        </button>
      ) : hasMore ? (
        <button type="button" className={button.quiet} aria-expanded={expanded} aria-controls={`${id}-list`} onClick={() => setExpanded((value) => !value)}>
          {expanded ? t('social.fewer') : t('social.more', { count: formatNumber(providers.length - limit, locale) })}
        </button>
      ) : null}
      {waiting && status === 'awaitingAuthorization' && onCancel ? (
        <button type="button" className={button.quiet} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      ) : null}
      <ErrorMessage hint={<RetryHint error={error} />}>{status === 'failed' ? errorText(error) : undefined}</ErrorMessage>
      <p role="status" className={visuallyHidden}>
        {activeLabel ? statusText(status, activeLabel, t) : ''}
      </p>
    </div>
  );
}

/**
 * The brand marks (about 6 KiB gzip) are their own chunk, requested as soon as this module runs, so the dialog's
 * chunk stays small and the marks are usually there by the first render. Until they arrive the slot is blank
 * (same size, no layout shift); if the chunk fails to load, every provider shows its initial.
 */
let loadedMarks: Readonly<Record<string, string>> | null | undefined;
const marksLoading: Promise<Readonly<Record<string, string>> | null> = import('./providerIcons.js').then(
  (module) => (loadedMarks = module.PROVIDER_ICON_PATHS),
  () => (loadedMarks = null),
);

function useProviderMarks(): Readonly<Record<string, string>> | null | undefined {
  const [marks, setMarks] = useState(loadedMarks);
  useEffect(() => {
    if (marks !== undefined) return;
    let live = true;
    void marksLoading.then((value) => {
      if (live) setMarks(value);
    });
    return () => {
      live = false;
    };
  }, [marks]);
  return marks;
}

/** The provider's brand mark in the text colour, or its initial in a disc when the set has no mark for it. */
function ProviderIcon({ provider, label }: { provider: string; label: string }) {
  const marks = useProviderMarks();
  if (marks === undefined) return <span className={styles.providerMark} aria-hidden="true" />;
  const path = marks?.[provider];
  if (path === undefined) {
    return (
      <span className={styles.providerInitial} aria-hidden="true">
        {label.charAt(0)}
      </span>
    );
  }
  return (
    <svg className={styles.providerMark} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}
