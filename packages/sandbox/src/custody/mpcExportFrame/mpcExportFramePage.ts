import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { escapeHtml } from '../../html/escapeHtml.js';
import { exportFramePage, type ExportFramePage } from '../exportFramePage.js';

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

export function mpcExportPage(parentOrigin: string | undefined): ExportFramePage {
  return exportFramePage(parentOrigin, (origin) => ({
    extraStyle: 'p.note{font-size:12px;opacity:.75;margin:.5rem 0 0}\n',
    body: `<body><main id="mpc-export-root" data-state="loading" data-parent-origin="${escapeHtml(origin)}">
<p id="mpc-export-status" role="status">Preparing a secure channel…</p>
<div id="mpc-export-secret" hidden><code id="mpc-export-key" data-testid="exported-key"></code>
<p class="note">An Ed25519 private scalar (hex), put together from your key shares on this page only. It is not a seed phrase: import it into a tool that takes raw Ed25519 scalars.</p></div>
</main><script src="${MPC_EXPORT_SCRIPT_PATH}"></script></body></html>`,
  }));
}
