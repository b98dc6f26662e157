import type { UseSocketReturnType } from '@latchkey/headless/react/socket';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `SocketView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What the connection line takes from `useSocket()`: its own type (a fixed one in stories). */
export type SocketFlowModel = FlowModel<Pick<UseSocketReturnType, 'status' | 'connection' | 'reconnectAttempts' | 'error' | 'connect'>>;
