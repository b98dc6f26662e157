#!/usr/bin/env node
// `pnpm bench:size`: what Latchkey costs a host, measured like ../shared/bench/peers (same esbuild options:
// minified, esm, browser, es2020, production). Bundles the BUILT packages (run `pnpm build` first; the script
// does it) — every entry point of @latchkey/headless and @latchkey/ui (read from their package.json `exports`) with
// React external (a library's own weight), and the minimal host entry (LatchkeyUIProvider + SignInButton + React 19)
// with code splitting:
// "initial" is what the page downloads before the button can render, "total" adds every lazy chunk.
// Prints raw, gzip and brotli KiB per entry, then checks the budgets of issue 18 (BUDGETS below) and exits 1 when one
// is exceeded (test/packaging/bundleSize.test.ts runs it). `--json` prints the rows and budgets as JSON instead;
// `--hosts` measures the host rows only (what the budgets need); `--chunks` adds, for both hosts, one line per chunk
// with its largest inputs (where a package lands).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const out = path.join(here, '.out');

const ESBUILD_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  // Non-ASCII text as UTF-8, as hosts' bundlers emit it (Vite sets esbuild's charset to utf8; webpack's and Next.js's
  // minifiers keep UTF-8 — the Next.js host's .next chunks hold the Arabic catalogue as is), not esbuild's default
  // \uXXXX escapes, which made the Arabic catalogue 80.5 KiB raw / 11.4 gzip instead of 38.7 / 10.3.
  charset: 'utf8',
  metafile: true,
  logLevel: 'silent',
  write: true,
};
const SPLIT_EXTRA = { splitting: true, chunkNames: 'chunks/[name]-[hash]' };

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('corepack', ['pnpm', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
for (const pkg of ['protocol', 'headless', 'themes', 'ui']) {
  if (!existsSync(path.join(root, 'packages', pkg, 'dist'))) throw new Error(`packages/${pkg}/dist is missing: run pnpm build`);
}

const sizes = (files) => {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gzip, brotli };
};

/** Bundles one entry with splitting on; returns initial (static closure) and total (plus reachable import()). */
async function measure(name, entry, { external = [] } = {}) {
  const outdir = path.join(out, name);
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    ...ESBUILD_OPTIONS,
    ...SPLIT_EXTRA,
    absWorkingDir: root,
    entryPoints: { entry },
    outdir,
    external,
    loader: { '.css': 'css' },
  });
  const outputs = result.metafile.outputs;
  // The output named after the entry (`entryNames` default `[name]` → entry.js); every import() target is an
  // entry point in the metafile too, so `entryPoint` alone does not find it.
  const entryOut = Object.keys(outputs).find((f) => path.basename(f) === 'entry.js' && outputs[f].entryPoint);
  const closure = (kinds, starts = [entryOut]) => {
    const seen = new Set();
    const stack = [...starts];
    while (stack.length) {
      const f = stack.pop();
      if (seen.has(f)) continue;
      seen.add(f);
      for (const imp of outputs[f].imports ?? []) if (kinds.includes(imp.kind) && imp.path.endsWith('.js')) stack.push(imp.path);
    }
    return [...seen].map((f) => path.resolve(root, f));
  };
  const css = Object.keys(outputs).filter((f) => f.endsWith('.css')).map((f) => path.resolve(root, f));
  /** What the page holds once lazy parts (the import() chunks whose entry points match) have loaded: initial + their static closures. */
  const opened = (label, ...patterns) => {
    const lazyOuts = patterns.map((pattern) => {
      const lazyOut = Object.keys(outputs).find((f) => outputs[f].entryPoint && pattern.test(outputs[f].entryPoint));
      if (!lazyOut) throw new Error(`no lazy chunk for ${pattern} in ${name}`);
      return lazyOut;
    });
    const files = new Set([...closure(['import-statement']), ...closure(['import-statement'], lazyOuts)]);
    return { name: label, initial: sizes([...files]), total: null, css: null, chunks: files.size };
  };
  /** One line per JS chunk (initial ones first): gzip KiB and its largest inputs (package or file, bytes in the output). */
  const chunkTable = () => {
    const initial = new Set(closure(['import-statement']));
    const rows = Object.keys(outputs)
      .filter((f) => f.endsWith('.js'))
      .map((f) => {
        const byOwner = new Map();
        for (const [input, { bytesInOutput }] of Object.entries(outputs[f].inputs)) {
          const owner = input.includes('node_modules/') ? input.split('node_modules/').pop().split('/').slice(0, input.split('node_modules/').pop().startsWith('@') ? 2 : 1).join('/') : input.replace(/^packages\//, '');
          byOwner.set(owner, (byOwner.get(owner) ?? 0) + bytesInOutput);
        }
        const top = [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([owner, bytes]) => `${owner} ${(bytes / 1024).toFixed(1)}`);
        return { file: path.basename(f), initial: initial.has(path.resolve(root, f)), gzip: sizes([path.resolve(root, f)]).gzip, top };
      })
      .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);
    return rows;
  };
  // The kit's language catalogues (messages/locales/<id>.js, each with what only it imports): a user reads one.
  const localeOuts = Object.keys(outputs).filter((f) => outputs[f].entryPoint && /messages\/locales\/\w+\.js$/.test(outputs[f].entryPoint));
  const locales = localeOuts.map((f) => ({ name: path.basename(outputs[f].entryPoint, '.js'), files: closure(['import-statement'], [f]) }));
  const everything = closure(['import-statement', 'dynamic-import']);
  const largestLocale = locales.map((locale) => ({ ...locale, size: sizes(locale.files) })).sort((x, y) => y.size.gzip - x.size.gzip)[0];
  const otherLocaleFiles = new Set(locales.filter((locale) => locale.name !== largestLocale?.name).flatMap((locale) => locale.files));
  return {
    opened,
    chunkTable,
    name,
    locales: locales.map((locale) => ({ name: locale.name, files: locale.files.length, size: sizes(locale.files) })),
    /** Every chunk a user can reach, with one language catalogue (the largest) rather than all of them. */
    reachable: sizes(everything.filter((file) => !otherLocaleFiles.has(file))),
    initial: sizes(closure(['import-statement'])),
    total: sizes(everything),
    css: css.length ? sizes(css) : null,
    chunks: closure(['import-statement', 'dynamic-import']).length,
  };
}

const reactExternal = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];
/** Every JS entry a package exports, in package.json order (so a new entry gets its row without editing this file). */
const entriesOf = (pkg) =>
  Object.keys(JSON.parse(readFileSync(path.join(root, 'packages', pkg, 'package.json'), 'utf8')).exports)
    .filter((key) => !key.endsWith('.css'))
    .map((key) => `@latchkey/${pkg}${key === '.' ? '' : key.slice(1)}`);
const hostRow = await measure('host: Provider + SignInButton', path.join(here, 'host/entry.tsx'));
// The same host with the wallet panel it opts into (`walletPanel={<SolanaWalletPanel />}`, @solana/web3.js).
const walletHostRow = await measure('host with the Solana wallet panel', path.join(here, 'host/walletEntry.tsx'));
const baselineRow = await measure('baseline: react + react-dom', path.join(here, 'host/baseline.tsx'));
const rows = [
  baselineRow,
  hostRow,
  // What a host has downloaded at the two moments that matter after the first paint ("initial" = everything so far).
  hostRow.opened('host, sign-in dialog open', /SignInDialog\/ConnectedSignInDialog\.js$/),
  hostRow.opened('host, user menu open', /UserMenu\/ConnectedUserMenu\.js$/),
  walletHostRow,
  walletHostRow.opened('host with the panel, user menu with wallet panel', /UserMenu\/ConnectedUserMenu\.js$/, /WalletPanel\/ConnectedWalletPanel\.js$/),
  // The panel of an external wallet (balances, receive, activity): it reads the node without web3.js …
  walletHostRow.opened('host with the panel, an external wallet\'s panel open', /UserMenu\/ConnectedUserMenu\.js$/, /WalletPanel\/ConnectedWalletPanel\.js$/, /WalletPanel\/ExternalWalletPanel\.js$/),
  // … which comes (with spl-token) when the user opens Send.
  walletHostRow.opened(
    'host with the panel, its Send screen open',
    /UserMenu\/ConnectedUserMenu\.js$/,
    /WalletPanel\/ConnectedWalletPanel\.js$/,
    /WalletPanel\/ExternalWalletPanel\.js$/,
    /transfer\/createSolanaTransferPort\.js$/,
  ),
];
if (!process.argv.includes('--hosts')) for (const entry of [...entriesOf('headless'), ...entriesOf('ui')]) rows.push(await measure(entry, entry, { external: reactExternal }));

const kib = (n) => (n / 1024).toFixed(1);
/** KiB gzip. "Everything a user can reach": the host with the wallet panel, every lazy chunk included. */
// Issue 18's targets are 87, 20 and 300. The first two are the ceilings: the request code and the error conversion
// travel with the contract chunk, the captcha widget with the first token, the first-paint components import
// @latchkey/headless/react/provider, and the host imports its client from @latchkey/headless/client (as the README
// says) — from the root barrel, esbuild's splitting follows every re-export and gives the first load the modules only
// lazy parts use (the profile fields, the account actions: 87.4 / 20.1 when measured). The third target is not met:
// ~459 measured, bounded by React (67.2), the transfer's chunk (93.8: web3.js v1 and spl-token, which the design keeps
// — with them come bn.js, buffer, web3.js's own @noble/curves and @solana/errors' message table, ~89 of it for an
// import of web3.js and spl-token alone) and the flows themselves. `--hosts --chunks` lists them. The menu row guards
// what opening the user menu costs (issue 13's cap, 141.3: the mobile link's check once pulled the deep-link crypto
// into it, +23 KiB; the menu's flows — passkeys, MFA, social linking, their machines and xstate — load beside it
// since, 166.4 → 131.2). The ceiling of everything moved from 460 to 460.5 with the retry countdown under a refusal
// (RetryHint and its three strings, ~0.3; dead catalogue strings removed beside it gave back ~0.05), and to 463.5 with
// checks and screens that security fixes needed (460.1 → 463.4): "Confirm it's you" where the server began asking for
// a step-up (unlink, passkey removal, a second device, the first recovery codes: ~1.5 after the duplicate step-up
// states were folded into one machine), "Sign out of all devices", the optimized transaction checked against the
// built one before signing, the MPC address and signature checked, catalogue links checked, and the wallet records
// and session key forgotten on sign-out. Since UTF-8 output (charset above) the figures are what hosts ship: stop 27's
// additions ("Confirm it's you" on account deletion and wallet unlink, secrets kept out of cookies, the hardware
// memo's whole message) took everything from 463.3 to 464.0 with \uXXXX escapes, 463.1 as UTF-8. Stop 28's security
// fixes took it to 464.0 and the ceiling to 464.5: the MPC client's proof of each share it speaks for (a reshare
// dealer, an export) and its backups tried one by one, the passkey-stamped deletion of a passkey-protected wallet,
// and "Confirm it's you" naming the wallet or account it is for. Stop 29 took it to 466.7 and the ceiling to 467:
// the offline guard on the kit's chunk imports (~0.3) and "Confirm it's you" on the MPC panel before a reshare or the
// export (~2.3: the step-up machines and prompt, which the sign-in and menu chunks held, now also reach the MPC
// wallet's chunk, so esbuild moves them to shared chunks of their own, ~0.9 of it lost compression context). Stop 32
// took it to 469.0 and the ceiling to 469.5: no wait without a bound and no spinner without a way out, found by two
// reviews against a misbehaving outside world — a deadline on every product-API, custody, Solana RPC and cloud-drive
// request (in each chunk that sends one), Cancel while a mobile wallet, a transfer's wallet or a silent reconnect is
// waited on, the socket's connection snapshot, the export frame's timeouts, and checks of what custody, the node and
// wallet-standard wallets answer. The first load kept under 87 (86.99): outside text is bounded in LatchkeyError and
// the stored session's expiry follows the token's iat, both in as few bytes as they would go. Stop 33 took it to 469.7
// and the ceiling to 470: the wallet panel's code fetched ahead (its chooser's Preload, so the menu opens whole), dir
// and lang on the parts a host places in its own page, and the backup's own "Confirm it's you" words (its refresh).
// The first load stayed at 86.99: the sign-in button reads its query once for both kinds of return.
const menuOpenRow = rows.find((row) => row.name === 'host, user menu open');
const BUDGETS = [
  { name: 'host initial load (React included)', kib: hostRow.initial.gzip / 1024, max: 87 },
  { name: 'the kit on top of React (host initial − baseline)', kib: (hostRow.initial.gzip - baselineRow.initial.gzip) / 1024, max: 20 },
  { name: 'host, user menu open', kib: (menuOpenRow?.initial.gzip ?? Infinity) / 1024, max: 141.3 },
  // One language catalogue counted (the largest): a user reads the kit in one locale (the rows below list each).
  { name: 'everything a user can reach (host with the wallet panel, all chunks, one locale)', kib: walletHostRow.reachable.gzip / 1024, max: 470, target: 300 },
];
const over = BUDGETS.filter((budget) => budget.kib > budget.max);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ rows: rows.map((r) => ({ name: r.name, initialGzip: r.initial.gzip, totalGzip: r.total?.gzip ?? null })), budgets: BUDGETS }));
  process.exit(over.length ? 1 : 0);
}
console.log(`\nLatchkey bundle sizes (KiB; esbuild ${esbuild.version}, minified esm es2020 production; gzip 9, brotli 11)\n`);
console.log('| entry | initial raw | initial gzip | initial brotli | total raw | total gzip | total brotli | JS files | CSS raw | CSS gzip |');
console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${kib(r.initial.raw)} | ${kib(r.initial.gzip)} | ${kib(r.initial.brotli)} | ${r.total ? kib(r.total.raw) : '-'} | ${r.total ? kib(r.total.gzip) : '-'} | ${r.total ? kib(r.total.brotli) : '-'} | ${r.chunks} | ${r.css ? kib(r.css.raw) : '-'} | ${r.css ? kib(r.css.gzip) : '-'} |`,
  );
}
for (const locale of hostRow.locales) console.log(`| host: the ${locale.name} catalogue (loaded for locale="${locale.name}") | - | - | - | ${kib(locale.size.raw)} | ${kib(locale.size.gzip)} | ${kib(locale.size.brotli)} | ${locale.files} | - | - |`);
const host = rows[1];
if (process.argv.includes('--chunks')) {
  for (const row of [hostRow, walletHostRow]) {
    console.log(`\nChunks of "${row.name}" (initial first; gzip KiB; largest inputs, raw KiB in the chunk)\n`);
    console.log('| chunk | initial | gzip | largest inputs |');
    console.log('|---|---|--:|---|');
    for (const chunk of row.chunkTable()) console.log(`| ${chunk.file} | ${chunk.initial ? 'yes' : ''} | ${kib(chunk.gzip)} | ${chunk.top.join(', ')} |`);
  }
}
const headlessCore = rows.find((row) => row.name === '@latchkey/headless/react');
console.log('\nBudgets (KiB gzip, enforced: exit 1 when one is exceeded)\n');
console.log('| budget | measured | max | |');
console.log('|---|--:|--:|---|');
for (const budget of BUDGETS) console.log(`| ${budget.name} | ${budget.kib.toFixed(1)} | ${budget.max}${budget.target ? ` (target ${budget.target})` : ''} | ${budget.kib > budget.max ? 'OVER' : 'ok'} |`);
console.log(`
Host initial load ${kib(host.initial.gzip)} KiB gzip including React.${headlessCore ? `
Headless core + hooks (@latchkey/headless/react, React external): ${kib(headlessCore.initial.gzip)} KiB initial, ${kib(headlessCore.total.gzip)} KiB with its lazy chunks.` : ''}
Peers' initial loads (../shared/bench/peers/RESULTS.md): 223.9 (wallet-adapter) to 1042.9 (Dynamic) KiB gzip.
Library rows keep React external; the host and baseline rows include it.`);
if (over.length) process.exit(1);
