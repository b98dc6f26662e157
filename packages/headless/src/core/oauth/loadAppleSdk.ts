import { LatchkeyError } from '../errors/LatchkeyError.js';

/** Apple's "Sign in with Apple JS" script. */
export const APPLE_SDK_URL = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';
export const APPLE_SDK_TIMEOUT_MS = 10_000;

/** The part of `document` the loader uses (injected in tests). */
export interface ScriptHost {
  createElement(tag: 'script'): HTMLScriptElement;
  head: { appendChild(node: HTMLScriptElement): unknown };
  querySelector(selector: string): Element | null;
}

export interface LoadAppleSdkParameters {
  document?: ScriptHost;
  src?: string;
  timeoutMs?: number;
  timers?: { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(id: unknown): void };
}

/**
 * Adds Apple's script once and resolves when it has loaded; a load error or no load within
 * `timeoutMs` rejects with `apple_sdk_load_failed` ('Failed to load Apple SDK') and removes the
 * tag, so a later call tries again.
 */
export function loadAppleSdk(parameters: LoadAppleSdkParameters = {}): Promise<void> {
  const doc = parameters.document ?? (globalThis.document as unknown as ScriptHost);
  const src = parameters.src ?? APPLE_SDK_URL;
  const timers = parameters.timers ?? { setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms), clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>) };
  const existing = doc.querySelector(`script[data-latchkey-sdk="apple"][data-loaded="true"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.dataset['latchkeySdk'] = 'apple';
    const fail = (cause: unknown) => {
      timers.clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      script.remove();
      reject(new LatchkeyError('apple_sdk_load_failed', { cause }));
    };
    const timer = timers.setTimeout(() => fail(new Error(`no load within ${parameters.timeoutMs ?? APPLE_SDK_TIMEOUT_MS} ms`)), parameters.timeoutMs ?? APPLE_SDK_TIMEOUT_MS);
    script.onload = () => {
      timers.clearTimeout(timer);
      script.dataset['loaded'] = 'true';
      resolve();
    };
    script.onerror = (event) => fail(event);
    doc.head.appendChild(script);
  });
}
