import type { SocketFlowModel } from './SocketModel.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { formatNumber } from '../../messages/format.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, successText } from '../../styles/shared.css.js';

export interface SocketViewProps {
  flow: SocketFlowModel;
  /** What the socket serves, for the sentence (default: the catalogue's 'wallet service'). */
  label?: string;
}

/**
 * One line about a JSON-RPC socket the kit depends on: connected, connecting, reconnecting (attempt n), or
 * disconnected with a way to connect again. The root carries `data-state` (the connection).
 */
export function SocketView({ flow, label: labelProp }: SocketViewProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const errorText = useErrorText();
  const label = labelProp ?? t('socket.label');
  const { connection } = flow;
  return (
    <div className={row} role="status" dir={dir} lang={locale} data-flow="socket" data-state={connection} style={{ justifyContent: 'flex-start' }}>
      {connection === 'ready' ? <span className={successText}>{t('socket.ready', { label })}</span> : null}
      {connection === 'connecting' ? (
        <span className={mutedText}>
          <Spinner /> {t('socket.connecting', { label })}
        </span>
      ) : null}
      {connection === 'waiting' ? (
        <span className={mutedText}>
          <Spinner /> {t('socket.waiting', { attempt: formatNumber(flow.reconnectAttempts, locale) })}
        </span>
      ) : null}
      {connection === 'closed' || connection === 'idle' ? (
        <>
          <span className={mutedText}>{t(connection === 'closed' ? 'socket.closed' : 'socket.idle', { label })}</span>
          <button type="button" className={button.quiet} onClick={() => flow.connect()}>
            {t(connection === 'closed' ? 'socket.reconnect' : 'socket.connect')}
          </button>
        </>
      ) : null}
      <ErrorMessage>{errorText(flow.error)}</ErrorMessage>
    </div>
  );
}
