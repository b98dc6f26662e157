'use client';

// @latchkey/headless/react/socket — the JSON-RPC socket's status as a hook, on its own entry.

export { useSocket, type UseSocketParameters, type UseSocketReturnType } from '../../react/useSocket.js';
