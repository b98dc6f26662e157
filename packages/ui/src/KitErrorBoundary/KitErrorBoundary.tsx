import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useFirstPaintMessages } from '../messages/useFirstPaintMessages.js';
import { button } from '../styles/shared.css.js';
import { useReportError } from '../warn.js';
import * as styles from './KitErrorBoundary.css.js';
import { retryFailedLoads } from './lazyWithRetry.js';

export interface KitErrorBoundaryProps {
  /** Which part of the kit this guards ('sign-in dialog', 'wallet panel'…), for the log and `data-latchkey-failed`. */
  area: string;
  children?: ReactNode;
  /**
   * A value whose change clears a shown failure and renders the children again — e.g. a count of clicks on the
   * button that opens the guarded part, so a failed chunk is fetched again on the next click.
   */
  resetKey?: unknown;
  /** Called when the user presses Retry, before the children render again. */
  onRetry?: () => void;
  /**
   * `floating`: the failure hangs under the element it replaces instead of taking its place in the layout — for
   * parts that sit in the host's own header (the sign-in dialog beside its button, the user menu).
   */
  placement?: 'inline' | 'floating';
  /** Shown together with the failure (e.g. the button that stays usable); the failure floats under it. */
  beside?: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: unknown;
}

interface InnerProps extends KitErrorBoundaryProps {
  log: (message: string, error: unknown, info?: ErrorInfo) => void;
  fallback: (retry: () => void) => ReactNode;
}

class Boundary extends Component<InnerProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: InnerProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    if (state.failed) retryFailedLoads();
    return { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.log(`The ${this.props.area} failed and was replaced by a retry button.`, error, info);
  }

  private readonly retry = () => {
    retryFailedLoads();
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/**
 * Keeps a failure of the kit inside the kit: a chunk that cannot load (offline, a redeploy) or a component that
 * throws shows "Something went wrong. Retry" in the kit's own box, the cause goes to the client's logger, and the
 * host's tree stays mounted. Retry (or a change of `resetKey`) renders the children again; with `lazyWithRetry`
 * components that fetches their code again.
 */
export function KitErrorBoundary(props: KitErrorBoundaryProps) {
  const report = useReportError();
  const t = useFirstPaintMessages();
  return (
    <Boundary
      {...props}
      log={(message, error, info) => report(message, { error, componentStack: info?.componentStack ?? undefined })}
      fallback={(retry) => {
        const failure = <KitFailure area={props.area} message={t('kit.failed')} retryLabel={t('kit.retry')} onRetry={retry} floating={props.placement === 'floating'} />;
        return props.beside ? (
          <span className={styles.anchor}>
            {props.beside}
            {failure}
          </span>
        ) : (
          failure
        );
      }}
    />
  );
}

export interface KitFailureProps {
  area: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /** Hangs under its anchor (`position: absolute`) instead of taking room in the layout. */
  floating?: boolean;
}

/** The failure itself: one sentence and Retry, small enough to sit beside a button or inside a panel. */
export function KitFailure({ area, message, retryLabel, onRetry, floating = false }: KitFailureProps) {
  return (
    <div role="alert" className={floating ? `${styles.failure} ${styles.floating}` : styles.failure} data-latchkey-failed={area}>
      <span>{message}</span>
      <button type="button" className={`${button.quiet} ${styles.retry}`} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
