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
    plugins: [react(), strictCsp(sandboxOrigins(sandboxUrl, (name) => env[name] ?? process.env[name]))],
    envPrefix: 'LATCHKEY_',
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
    build: { target: 'es2020', sourcemap: true },
  };
});

/**
 * The sandbox's origins the page talks to. `pnpm dev` and the e2e setup pass each one from `/sandbox/info`
 * (LATCHKEY_CUSTODY_URL, LATCHKEY_SOLANA_RPC_URL, LATCHKEY_SOLANA_WS_URL, LATCHKEY_OAUTH_URL, LATCHKEY_CLOUD_DRIVE_URL), so a port the sandbox
 * had to move is still allowed; without them, the layout of DESIGN.md "Sandbox contract": custody on the API port
 * +1, Solana JSON-RPC +2 and its websocket +3, the OIDC provider +4, the cloud drive +6.
 */
function sandboxOrigins(sandboxUrl: string, read: (name: string) => string | undefined) {
  const api = new URL(sandboxUrl);
  const at = (name: string, offset: number, protocol = api.protocol) => {
    const given = read(name);
    return given ? new URL(given).origin : `${protocol}//${api.hostname}:${Number(api.port) + offset}`;
  };
  return {
    api: api.origin,
    custody: at('LATCHKEY_CUSTODY_URL', 1),
    rpc: at('LATCHKEY_SOLANA_RPC_URL', 2),
    ws: at('LATCHKEY_SOLANA_WS_URL', 3, 'ws:'),
    // the OIDC provider also serves the Sign in with Apple JS emulation (a script the page loads)
    oauth: at('LATCHKEY_OAUTH_URL', 4),
    // MPC wallets: their ceremonies' socket on the API's own port, and the cloud drive their backups may go to
    apiSocket: `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`,
    drive: at('LATCHKEY_CLOUD_DRIVE_URL', 6),
    // the captcha emulator (security.hCaptcha): its widget script, and the challenge it posts
    captcha: at('LATCHKEY_CAPTCHA_URL', 7),
  };
}

/**
 * The kit must run under a strict CSP (DESIGN.md "Security rules"): no inline scripts, no eval. The built
 * demo carries one, so the e2e run proves it. (Vite's dev server needs an inline preamble, so dev has none.)
 */
function strictCsp(origins: ReturnType<typeof sandboxOrigins>): Plugin {
  const policy = [
    "default-src 'self'",
    // Sign in with Apple JS: Apple's CDN, and the sandbox's emulation of it
    `script-src 'self' https://appleid.cdn-apple.com ${origins.oauth} ${origins.captcha}`,
    // inline style attributes carry the runtime theme variables
    "style-src 'self' 'unsafe-inline'",
    // The wallet catalogue's icon set (wallet marks) is served beside the catalogue, on the sandbox's API origin.
    `img-src 'self' https: data: ${origins.api}`,
    `connect-src 'self' ${origins.api} ${origins.apiSocket} ${origins.custody} ${origins.rpc} ${origins.ws} ${origins.drive} ${origins.captcha}`,
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
