import type { ProjectSettings } from '@latchkey/protocol';
import { LatchkeyError } from '../errors/LatchkeyError.js';

/** Where hCaptcha serves its widget script when the settings name no `scriptUrl`. */
export const HCAPTCHA_SCRIPT_URL = 'https://js.hcaptcha.com/1/api.js';
/** How long the script may take to load, and a challenge to answer. */
export const CAPTCHA_TIMEOUT_MS = 30_000;

/** Runs the project's captcha (`security.hCaptcha`) and hands out a fresh token for one request. */
export interface CaptchaRunner {
  /** A token for the next code send or sign-in; `undefined` when the project has no captcha. Each call solves anew. */
  token(): Promise<string | undefined>;
}

/** The part of the hCaptcha widget API the kit calls (the sandbox's emulator offers the same). */
interface HCaptchaApi {
  render(container: HTMLElement, options: { sitekey: string; size: 'invisible' }): string;
  execute(widgetId: string, options: { async: true }): Promise<{ response: string }>;
  reset(widgetId: string): void;
}

type CaptchaWindow = Window & { hcaptcha?: HCaptchaApi } & Record<string, unknown>;

let loadCount = 0;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LatchkeyError('captcha_failed', { params: { reason: `${what} timed out` } })), CAPTCHA_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Adds the widget script once (explicit rendering, an `onload` callback) and resolves with `window.hcaptcha`. */
function loadScript(scriptUrl: string): Promise<HCaptchaApi> {
  const win = window as unknown as CaptchaWindow;
  const callback = `__latchkeyCaptchaLoaded${++loadCount}`;
  const url = new URL(scriptUrl, location.href);
  url.searchParams.set('render', 'explicit');
  url.searchParams.set('onload', callback);
  return withTimeout(
    new Promise<HCaptchaApi>((resolve, reject) => {
      const script = document.createElement('script');
      win[callback] = () => {
        delete win[callback];
        if (win.hcaptcha) resolve(win.hcaptcha);
        else reject(new LatchkeyError('captcha_failed', { params: { reason: 'the script defined no hcaptcha' } }));
      };
      script.src = url.href;
      script.async = true;
      script.onerror = () => {
        delete win[callback];
        script.remove();
        reject(new LatchkeyError('captcha_failed', { params: { reason: `could not load ${url.origin}` } }));
      };
      document.head.appendChild(script);
    }),
    'loading the captcha',
  );
}

/**
 * The browser's captcha: nothing is loaded until the first `token()` with the captcha enabled; then the widget script
 * comes from `security.hCaptcha.scriptUrl` (hCaptcha's own URL when absent), one invisible widget is rendered in a
 * hidden element, and each `token()` executes it and resets it. A failed load is retried on the next call.
 */
export function createCaptchaRunner(config: { loadSettings: () => Promise<ProjectSettings> }): CaptchaRunner {
  let api: Promise<HCaptchaApi> | undefined;
  let widget: { siteKey: string; id: string } | undefined;
  return {
    async token() {
      // Settings that cannot load say nothing about a captcha: the request goes without a token, and a server that
      // needs one answers `captcha_required`.
      const settings = await config.loadSettings().catch(() => undefined);
      const captcha = settings?.security.hCaptcha;
      if (!captcha?.enabled) return undefined;
      if (!captcha.siteKey) throw new LatchkeyError('captcha_failed', { params: { reason: 'the project has no site key' } });
      if (typeof document === 'undefined') throw new LatchkeyError('captcha_failed', { params: { reason: 'no browser document' } });
      api ??= loadScript(captcha.scriptUrl ?? HCAPTCHA_SCRIPT_URL);
      let hcaptcha: HCaptchaApi;
      try {
        hcaptcha = await api;
      } catch (error) {
        api = undefined;
        throw error;
      }
      if (widget?.siteKey !== captcha.siteKey) {
        const container = document.createElement('div');
        container.setAttribute('data-latchkey-captcha', '');
        container.hidden = true;
        document.body.appendChild(container);
        widget = { siteKey: captcha.siteKey, id: hcaptcha.render(container, { sitekey: captcha.siteKey, size: 'invisible' }) };
      }
      const { id } = widget;
      try {
        const { response } = await withTimeout(hcaptcha.execute(id, { async: true }), 'the captcha challenge');
        return response;
      } catch (error) {
        if (error instanceof LatchkeyError) throw error;
        throw new LatchkeyError('captcha_failed', { params: { reason: error instanceof Error ? error.message : String(error) }, cause: error });
      } finally {
        hcaptcha.reset(id);
      }
    },
  };
}
