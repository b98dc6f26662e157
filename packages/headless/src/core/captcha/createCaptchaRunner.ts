import type { ProjectSettings } from '@latchkey/protocol';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { HCaptchaWidget } from './hCaptchaWidget.js';
import { importWhenOnline } from '../loading/importWhenOnline.js';

/** Where hCaptcha serves its widget script when the settings name no `scriptUrl`. */
export const HCAPTCHA_SCRIPT_URL = 'https://js.hcaptcha.com/1/api.js';
/** How long the script may take to load, and a challenge to answer. */
export const CAPTCHA_TIMEOUT_MS = 30_000;

/** Runs the project's captcha (`security.hCaptcha`) and hands out a fresh token for one request. */
export interface CaptchaRunner {
  /** A token for the next code send or sign-in; `undefined` when the project has no captcha. Each call solves anew. */
  token(): Promise<string | undefined>;
}

/**
 * The browser's captcha: nothing is loaded until the first `token()` with the captcha enabled; then the widget's code
 * (a chunk of its own) and its script, from `security.hCaptcha.scriptUrl` (hCaptcha's own URL when absent); one
 * invisible widget is rendered in a hidden element, and each `token()` executes it and resets it (`hCaptchaWidget.ts`).
 * A failed load is retried on the next call.
 */
export function createCaptchaRunner(config: { loadSettings: () => Promise<ProjectSettings> }): CaptchaRunner {
  let widget: Promise<HCaptchaWidget> | undefined;
  const loadWidget = () =>
    (widget ??= importWhenOnline(() => import('./hCaptchaWidget.js')).then(
      (module) => module.createHCaptchaWidget({ timeoutMs: CAPTCHA_TIMEOUT_MS }),
      (error: unknown) => {
        widget = undefined;
        throw error;
      },
    ));
  return {
    async token() {
      // Settings that cannot load say nothing about a captcha: the request goes without a token, and a server that
      // needs one answers `captcha_required`.
      const settings = await config.loadSettings().catch(() => undefined);
      const captcha = settings?.security.hCaptcha;
      if (!captcha?.enabled) return undefined;
      if (!captcha.siteKey) throw new LatchkeyError('captcha_failed', { params: { reason: 'the project has no site key' } });
      if (typeof document === 'undefined') throw new LatchkeyError('captcha_failed', { params: { reason: 'no browser document' } });
      return (await loadWidget()).solve({ siteKey: captcha.siteKey, scriptUrl: captcha.scriptUrl ?? HCAPTCHA_SCRIPT_URL });
    },
  };
}
