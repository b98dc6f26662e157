import { createContext, useContext } from 'react';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';

export const LatchkeyContext = createContext<LatchkeyClient | undefined>(undefined);

/** The client of the nearest `LatchkeyProvider`; `missing_provider` outside one. */
export function useLatchkeyClient(): LatchkeyClient {
  const client = useContext(LatchkeyContext);
  if (!client) throw new LatchkeyError('missing_provider');
  return client;
}
