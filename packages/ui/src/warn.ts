import { createContext, useContext } from 'react';

/** Reports a problem a host developer should fix (a skipped block, a refused URL). Never user data. */
export type Warn = (message: string) => void;

export const consoleWarn: Warn = (message) => console.warn(`[latchkey] ${message}`);

const WarnContext = createContext<Warn>(consoleWarn);

/** `LatchkeyUIProvider` routes the kit's warnings to the client's logger (its level, its delivery). */
export const WarnProvider = WarnContext.Provider;

/** Where the kit's warnings go: the client's logger under a provider, else the console. */
export function useWarn(): Warn {
  return useContext(WarnContext);
}

/** Reports a failure of the kit itself (a part that would not load or render) with its cause. */
export type ReportError = (message: string, meta: Record<string, unknown>) => void;

export const consoleReportError: ReportError = (message, meta) => console.error(`[latchkey] ${message}`, meta);

const ReportErrorContext = createContext<ReportError>(consoleReportError);

/** `LatchkeyUIProvider` routes the kit's failures to the client's logger (`logger.error`, with the cause). */
export const ReportErrorProvider = ReportErrorContext.Provider;

/** Where the kit's failures go: the client's logger under a provider, else the console. */
export function useReportError(): ReportError {
  return useContext(ReportErrorContext);
}
