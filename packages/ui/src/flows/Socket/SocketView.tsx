import type { SocketFlowModel } from './SocketModel.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, successText } from '../../styles/shared.css.js';

export interface SocketViewProps {
  flow: SocketFlowModel;
  /** What the socket serves, for the sentence ('wallet service'). */
  label?: string;
}

/**
 * One line about a JSON-RPC socket the kit depends on: connected, connecting, reconnecting (attempt n), or
 * disconnected with a way to connect again. The root carries `data-state` (the connection).
 */
export function SocketView({ flow, label = 'wallet service' }: SocketViewProps) {
  const { connection } = flow;
  return (
    <div className={row} role="status" data-flow="socket" data-state={connection} style={{ justifyContent: 'flex-start' }}>
      {connection === 'ready' ? <span className={successText}>Connected to the {label}.</span> : null}
      {connection === 'connecting' ? (
        <span className={mutedText}>
          <Spinner /> Connecting to the {label}…
        </span>
      ) : null}
      {connection === 'waiting' ? (
        <span className={mutedText}>
          <Spinner /> Connection lost. Reconnecting (attempt {flow.reconnectAttempts})…
        </span>
      ) : null}
      {connection === 'closed' || connection === 'idle' ? (
        <>
          <span className={mutedText}>{connection === 'closed' ? `Disconnected from the ${label}.` : `Not connected to the ${label}.`}</span>
          <button type="button" className={button.quiet} onClick={() => flow.connect()}>
            {connection === 'closed' ? 'Reconnect' : 'Connect'}
          </button>
        </>
      ) : null}
      <ErrorMessage>{flow.error?.message}</ErrorMessage>
    </div>
  );
}
