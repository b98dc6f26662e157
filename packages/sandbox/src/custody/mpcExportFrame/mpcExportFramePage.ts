import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isLoopbackOrigin } from '../../net/loopbackOrigin.js';
import { escapeHtml } from '../../html/escapeHtml.js';

/**
 * The isolated MPC export page on the custody origin (`frameEntry.ts` has its protocol): the shares
 * are combined only here, so the host page never holds the key or a plaintext share. Its script is
 * @noble/curves' FROST and @hpke/core bundled once by esbuild on first request.
 */
export const MPC_EXPORT_PAGE_PATH = '/mpc-export';
export const MPC_EXPORT_SCRIPT_PATH = '/mpc-export/export.js';

let script: Promise<string> | undefined;

/** The page's script: `frameEntry` (source or built) bundled for the browser. */
export function mpcExportScript(): Promise<string> {
  script ??= (async () => {
    const source = fileURLToPath(new URL('./frameEntry.ts', import.meta.url));
    const entry = existsSync(source) ? source : fileURLToPath(new URL('./frameEntry.js', import.meta.url));
    const result = await build({ entryPoints: [entry], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', minify: true, write: false, logLevel: 'silent' });
    return result.outputFiles[0]?.text ?? '';
  })();
  script.catch(() => {
    script = undefined;
  });
  return script;
}

export function mpcExportPage(parentOrigin: string | undefined): { status: 200 | 400; html: string; headers: Record<string, string> } {
  if (!parentOrigin || !isLoopbackOrigin(parentOrigin)) {
    return {
      status: 400,
      html: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Export</title></head><body><p>parentOrigin is missing or not allowed.</p></body></html>',
      headers: { 'content-security-policy': "default-src 'none'", 'cache-control': 'no-store' },
    };
  }
  return {
    status: 200,
    headers: {
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${parentOrigin}`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Export your wallet key</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;padding:12px;color:#111827;background:#fff;overflow-wrap:anywhere}
@media (prefers-color-scheme: dark){body{color:#f3f4f6;background:#111827}code{background:#1f2937!important}}
code{display:block;word-break:break-all;padding:8px;border-radius:8px;background:#f3f4f6;font:13px ui-monospace,monospace;user-select:all}
p.note{font-size:12px;opacity:.75;margin:.5rem 0 0}
</style></head>
<body><main id="mpc-export-root" data-state="loading" data-parent-origin="${escapeHtml(parentOrigin)}">
<p id="mpc-export-status" role="status">Preparing a secure channel…</p>
<div id="mpc-export-secret" hidden><code id="mpc-export-key" data-testid="exported-key"></code>
<p class="note">An Ed25519 private scalar (hex), put together from your key shares on this page only. It is not a seed phrase: import it into a tool that takes raw Ed25519 scalars.</p></div>
</main><script src="${MPC_EXPORT_SCRIPT_PATH}"></script></body></html>`,
  };
}
