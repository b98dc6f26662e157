import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/**
 * The demo is a host app: it uses the built packages (`dist/` and `@latchkey/ui/styles.css`), exactly as
 * a host installing them would, so it needs no vanilla-extract plugin.
 * Where the sandbox lives comes from LATCHKEY_SANDBOX_URL / LATCHKEY_ENVIRONMENT_ID (set by `pnpm dev`
 * and by the e2e setup).
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'LATCHKEY_');
  const sandboxUrl = env.LATCHKEY_SANDBOX_URL ?? process.env.LATCHKEY_SANDBOX_URL ?? 'http://127.0.0.1:4010';
  return {
    plugins: [react(), strictCsp(sandboxOrigins(sandboxUrl, env.LATCHKEY_CUSTODY_URL ?? process.env.LATCHKEY_CUSTODY_URL))],
    envPrefix: 'LATCHKEY_',
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
    build: { target: 'es2020', sourcemap: true },
  };
});

/**
 * The sandbox's origins the page talks to (DESIGN.md "Sandbox contract": custody on the API port +1, Solana
 * JSON-RPC +2 and its websocket +3), unless LATCHKEY_CUSTODY_URL names the custody origin.
 */
function sandboxOrigins(sandboxUrl: string, custodyUrl: string | undefined) {
  const api = new URL(sandboxUrl);
  const at = (offset: number, protocol = api.protocol) => `${protocol}//${api.hostname}:${Number(api.port) + offset}`;
  // + 4: the OIDC provider, which also serves the Sign in with Apple JS emulation (a script the page loads).
  return { api: api.origin, custody: custodyUrl ? new URL(custodyUrl).origin : at(1), rpc: at(2), ws: at(3, 'ws:'), oauth: at(4) };
}

/**
 * The kit must run under a strict CSP (DESIGN.md "Security rules"): no inline scripts, no eval. The built
 * demo carries one, so the e2e run proves it. (Vite's dev server needs an inline preamble, so dev has none.)
 */
function strictCsp(origins: ReturnType<typeof sandboxOrigins>): Plugin {
  const policy = [
    "default-src 'self'",
    // Sign in with Apple JS: Apple's CDN, and the sandbox's emulation of it
    `script-src 'self' https://appleid.cdn-apple.com ${origins.oauth}`,
    // inline style attributes carry the runtime theme variables
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    `connect-src 'self' ${origins.api} ${origins.custody} ${origins.rpc} ${origins.ws}`,
    // the embedded wallet's export page lives on the custody origin, shown in an iframe
    `frame-src ${origins.custody}`,
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return {
    name: 'latchkey-demo-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }],
  };
}
