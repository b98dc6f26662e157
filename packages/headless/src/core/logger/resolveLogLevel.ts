import type { LogLevel } from '@latchkey/protocol';
import { DEFAULT_LOG_LEVEL, DEFAULT_LOG_LEVEL_OUTSIDE_PRODUCTION } from '@latchkey/protocol/constants';

export interface LogLevelInputs {
  /** An explicit level always wins. */
  logLevel?: LogLevel | undefined;
  /** Explicitly production (WARN) or not (DEBUG). */
  production?: boolean | undefined;
  /** From the loaded settings: `live` is production, `sandbox` is not. */
  environmentName?: 'sandbox' | 'live' | undefined;
}

/** SPEC §9: default WARN, DEBUG outside production. Until production is known, WARN. */
export function resolveLogLevel(inputs: LogLevelInputs): LogLevel {
  if (inputs.logLevel) return inputs.logLevel;
  const production = inputs.production ?? (inputs.environmentName === undefined ? true : inputs.environmentName === 'live');
  return production ? DEFAULT_LOG_LEVEL : DEFAULT_LOG_LEVEL_OUTSIDE_PRODUCTION;
}
