import { LatchkeyError } from '../errors/LatchkeyError.js';

/** The part of the hCaptcha widget API the kit calls (the sandbox's emulator offers the same). */
interface HCaptchaApi {
  render(container: HTMLElement, options: { sitekey: string; size: 'invisible' }): string;
  execute(widgetId: string, options: { async: true }): Promise<{ response: string }>;
  reset(widgetId: string): void;
}

type CaptchaWindow = Window & { hcaptcha?: HCaptchaApi } & Record<string, unknown>;

let loadCount = 0;

function withTimeout<T>(promise: Promise<T>, what: string, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LatchkeyError('captcha_failed', { params: { reason: `${what} timed out` } })), timeoutMs);
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
function loadScript(scriptUrl: string, timeoutMs: number): Promise<HCaptchaApi> {
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
    timeoutMs,
  );
}

/** One invisible hCaptcha widget: `solve` answers a challenge with the project's site key. */
export interface HCaptchaWidget {
  solve(captcha: { siteKey: string; scriptUrl: string }): Promise<string>;
}

/**
 * The widget `createCaptchaRunner` loads with its first token of a project whose captcha is on: the script comes from
 * `scriptUrl` once (a failed load is retried on the next call), one invisible widget is rendered in a hidden element
 * (again when the site key changes), and each `solve` executes it and resets it. `timeoutMs` bounds the script's load
 * and each challenge.
 */
export function createHCaptchaWidget({ timeoutMs }: { timeoutMs: number }): HCaptchaWidget {
  let api: Promise<HCaptchaApi> | undefined;
  let widget: { siteKey: string; id: string } | undefined;
  return {
    async solve({ siteKey, scriptUrl }) {
      api ??= loadScript(scriptUrl, timeoutMs);
      let hcaptcha: HCaptchaApi;
      try {
        hcaptcha = await api;
      } catch (error) {
        api = undefined;
        throw error;
      }
      if (widget?.siteKey !== siteKey) {
        const container = document.createElement('div');
        container.setAttribute('data-latchkey-captcha', '');
        container.hidden = true;
        document.body.appendChild(container);
        widget = { siteKey, id: hcaptcha.render(container, { sitekey: siteKey, size: 'invisible' }) };
      }
      const { id } = widget;
      try {
        const { response } = await withTimeout(hcaptcha.execute(id, { async: true }), 'the captcha challenge', timeoutMs);
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
