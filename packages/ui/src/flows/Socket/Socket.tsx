import { useSocket, type UseSocketParameters } from '@latchkey/headless/react/socket';
import type { ReactNode } from 'react';
import { SocketView, type SocketViewProps } from './SocketView.js';

export interface SocketProps extends UseSocketParameters, Omit<SocketViewProps, 'flow'> {}

/** A socket client's connection as one line (connected, reconnecting, disconnected with Reconnect), wired to `useSocket`. */
export function Socket({ client, label }: SocketProps) {
  const flow = useSocket({ client });
  return <SocketView flow={flow} {...(label ? { label } : {})} />;
}

export interface SocketCustomProps extends UseSocketParameters {
  /** Your own markup from the same view model. */
  children: (flow: ReturnType<typeof useSocket>) => ReactNode;
}

/** `<Socket.Custom client={…}>{(socket) => …}</Socket.Custom>`: the connection with your own markup. */
function SocketCustom({ children, client }: SocketCustomProps) {
  return <>{children(useSocket({ client }))}</>;
}

Socket.Custom = SocketCustom;
