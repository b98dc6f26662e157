import { createContext, useContext } from 'react';

/** Reports a problem a host developer should fix (a skipped block, a refused URL). Never user data. */
export type Warn = (message: string) => void;

export const consoleWarn: Warn = (message) => console.warn(`[latchkey] ${message}`);

const WarnContext = createContext<Warn>(consoleWarn);

/** `LatchkeyProvider` routes the kit's warnings to the client's logger (its level, its delivery). */
export const WarnProvider = WarnContext.Provider;

/** Where the kit's warnings go: the client's logger under a provider, else the console. */
export function useWarn(): Warn {
  return useContext(WarnContext);
}
