// @vitest-environment jsdom
import type { ProjectSettings } from '@latchkey/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCaptchaRunner, HCAPTCHA_SCRIPT_URL } from './createCaptchaRunner.js';

// Counts the loads of the widget's code (a chunk of its own in a bundled app).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./hCaptchaWidget.js', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

const settingsWith = (hCaptcha: Record<string, unknown> | undefined) => ({ security: { hCaptcha } }) as unknown as ProjectSettings;

/** A stand-in for hCaptcha's script: when the kit adds it, it defines `window.hcaptcha` and calls the onload callback. */
function serveWidgetScript() {
  const solved: string[] = [];
  const scripts: string[] = [];
  const api = {
    render: vi.fn((_container: HTMLElement, options: { sitekey: string }) => `widget-${options.sitekey}`),
    execute: vi.fn(async (id: string) => {
      solved.push(id);
      return { response: `P1_${id}-${solved.length}` };
    }),
    reset: vi.fn(),
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLScriptElement)) continue;
        scripts.push(node.src);
        const onload = new URL(node.src).searchParams.get('onload') as string;
        (window as unknown as Record<string, unknown>).hcaptcha = api;
        queueMicrotask(() => ((window as unknown as Record<string, () => void>)[onload] as () => void)());
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return { api, scripts, stop: () => observer.disconnect() };
}

afterEach(() => {
  loads.count = 0;
  delete (window as unknown as Record<string, unknown>).hcaptcha;
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('createCaptchaRunner', () => {
  it('default: with the captcha off (or settings that cannot load), no token and the widget code never loads', async () => {
    const off = createCaptchaRunner({ loadSettings: async () => settingsWith({ enabled: false }) });
    await expect(off.token()).resolves.toBeUndefined();
    const unreadable = createCaptchaRunner({ loadSettings: () => Promise.reject(new Error('offline')) });
    await expect(unreadable.token()).resolves.toBeUndefined();
    expect(loads.count).toBe(0);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('behavior: with it on, the widget code and its script load once; each token is solved anew and the widget reset', async () => {
    const served = serveWidgetScript();
    const runner = createCaptchaRunner({ loadSettings: async () => settingsWith({ enabled: true, siteKey: 'site-1' }) });
    await expect(runner.token()).resolves.toBe('P1_widget-site-1-1');
    await expect(runner.token()).resolves.toBe('P1_widget-site-1-2');
    expect(loads.count).toBe(1);
    expect(served.scripts).toHaveLength(1);
    expect(new URL(served.scripts[0] as string).origin + new URL(served.scripts[0] as string).pathname).toBe(HCAPTCHA_SCRIPT_URL);
    expect(new URL(served.scripts[0] as string).searchParams.get('render')).toBe('explicit');
    expect(served.api.render).toHaveBeenCalledTimes(1);
    expect(served.api.reset).toHaveBeenCalledTimes(2);
    expect(document.querySelector('[data-latchkey-captcha]')?.hasAttribute('hidden')).toBe(true);
    served.stop();
  });

  it('error: captcha_failed when the project turns it on without a site key', async () => {
    const runner = createCaptchaRunner({ loadSettings: async () => settingsWith({ enabled: true }) });
    await expect(runner.token()).rejects.toMatchObject({ code: 'captcha_failed', message: 'The captcha could not run (the project has no site key). Check your connection and try again.' });
    expect(loads.count).toBe(0);
  });
});
