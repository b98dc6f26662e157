import { KIT_VERSION, VERSION_CHECK_DELAY_MS } from '@latchkey/protocol/constants';
import { clientErrorMessages } from '../errors/errorCodes.js';

/**
 * This package's version. Every @latchkey package is released with the kit's version — the `KIT_VERSION` its
 * requests send in the version header — so a host that mixes releases can be told (see `checkKitVersions`).
 */
export const version = '4.18.0';

/**
 * The version check of SPEC §8/§9: `VERSION_CHECK_DELAY_MS` (100 ms) after it starts, compares the versions of the
 * @latchkey packages loaded — this one, the protocol, and `others` (e.g. `{ '@latchkey/ui': … }`) — and warns once
 * when they differ, with the catalogue's `sdk_version_mismatch` message. Returns a function that cancels the check (the provider calls it when it unmounts).
 */
export function checkKitVersions(others: Record<string, string>, warn: (message: string) => void): () => void {
  const timer = setTimeout(() => {
    const versions: Record<string, string> = { '@latchkey/headless': version, '@latchkey/protocol': KIT_VERSION, ...others };
    if (new Set(Object.values(versions)).size <= 1) return;
    const listed = Object.keys(versions)
      .sort()
      .map((name) => `${name} ${versions[name]}`)
      .join(', ');
    // The SPEC §8 console message (`sdk_version_mismatch`): logged, not thrown.
    warn(clientErrorMessages.sdk_version_mismatch.replace('{versions}', listed));
  }, VERSION_CHECK_DELAY_MS);
  return () => clearTimeout(timer);
}
