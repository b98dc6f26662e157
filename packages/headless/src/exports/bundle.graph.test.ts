import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The size budget rests on this: what a host downloads before its first paint (the static import
 * closure of an entry, bundled with code splitting the way `bench/size.mjs` does) carries no zod
 * and no protocol schema; those arrive in the chunk `loadContract()` imports.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');

/** The protocol modules that are plain data (its zod-free subpaths). */
const PLAIN_PROTOCOL = ['constants', 'defaultWalletCatalogue', 'errorCodes', 'clientErrorCodes', 'routeInfo', 'routePath'].map((name) => `packages/protocol/src/${name}.ts`);

async function bundle(entry: string) {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { entry: path.join(here, entry) },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    conditions: ['source'],
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    outdir: path.join(root, 'bench/.out/graph-test'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  // Every import() target is an entry point in the metafile too: pick the output named after the entry.
  const entryOut = Object.keys(outputs).find((file) => path.basename(file) === 'entry.js' && outputs[file]?.entryPoint) as string;
  /** The chunks reachable from the entry through the given import kinds. */
  const reachable = (kinds: string[]): Set<string> => {
    const seen = new Set<string>();
    const queue = [entryOut];
    for (let i = 0; i < queue.length && i < 200; i++) {
      const file = queue[i] as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const imported of outputs[file]?.imports ?? []) if (kinds.includes(imported.kind)) queue.push(imported.path);
    }
    return seen;
  };
  /** Input files of the chunks reachable from the entry through the given import kinds. */
  const inputs = (kinds: string[]): string[] => [...reachable(kinds)].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
  /** The text of the chunks the entry loads before it runs. */
  const initialText = (): string => {
    const initial = reachable(['import-statement']);
    return result.outputFiles.filter((file) => initial.has(path.relative(root, file.path))).map((file) => file.text).join('\n');
  };
  return { initial: inputs(['import-statement']), all: inputs(['import-statement', 'dynamic-import']), initialText };
}

const isZod = (input: string) => /(^|\/)node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?zod\//.test(input);
const isPhoneLibrary = (input: string) => input.includes('node_modules/libphonenumber-js/') || input.includes('/libphonenumber-js@');
const protocolInputs = (inputs: string[]) => inputs.filter((input) => input.startsWith('packages/protocol/'));

describe('what the first paint loads', () => {
  it('behavior: @latchkey/headless — the initial load has no zod and no protocol schema; they come lazily', async () => {
    const { initial, all } = await bundle('index.ts');
    expect(initial.filter(isZod)).toEqual([]);
    expect(protocolInputs(initial).filter((input) => !PLAIN_PROTOCOL.includes(input))).toEqual([]);
    expect(initial).not.toContain('packages/headless/src/core/contract/contract.ts');
    expect(initial).toContain('packages/headless/src/core/transport/createTransport.ts');
    // The lazy part holds them (so the checks above can fail).
    expect(all.some(isZod)).toBe(true);
    expect(all).toContain('packages/protocol/src/routes.ts');
    expect(all).toContain('packages/headless/src/core/contract/contract.ts');
  });

  it('behavior: the root entries carry neither the request code, the error conversion nor the captcha widget before first paint', async () => {
    // A request, its failure and a captcha token all happen after the first paint: their code comes with the contract
    // chunk (the first request loads it) and with the first token of a project whose captcha is on.
    for (const entry of ['index.ts', 'react/index.ts']) {
      const { initial, all, initialText } = await bundle(entry);
      for (const file of ['core/transport/sendRequest.ts', 'core/errors/toLatchkeyError.ts', 'core/captcha/hCaptchaWidget.ts']) {
        expect(initial, entry).not.toContain(`packages/headless/src/${file}`);
        expect(all, entry).toContain(`packages/headless/src/${file}`);
      }
      // The widget's markup and the error body's fallback wording are not in the first download.
      expect(initialText()).not.toContain('data-latchkey-captcha');
      expect(initialText()).not.toContain('Request failed with status');
    }
  });

  it('behavior: the root entries carry no xstate and no session machine before first paint; the session loads them on first use', async () => {
    const isXstate = (input: string) => /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(?:xstate|@xstate\/react)\//.test(input);
    for (const entry of ['index.ts', 'react/index.ts']) {
      const { initial, all } = await bundle(entry);
      expect(initial.filter(isXstate)).toEqual([]);
      expect(initial).not.toContain('packages/headless/src/core/machines/session/sessionMachine.ts');
      expect(initial).toContain('packages/headless/src/core/session/lazySession.ts');
      // The lazy part holds them (so the checks above can fail).
      expect(all.some(isXstate)).toBe(true);
      expect(all).toContain('packages/headless/src/core/machines/session/sessionMachine.ts');
    }
  });

  it('behavior: only the two functions the phone check uses come from libphonenumber-js (not AsYouType, not the number finders)', async () => {
    const { all } = await bundle('sms.ts');
    const phone = all.filter(isPhoneLibrary);
    expect(phone.some((input) => input.endsWith('/es6/parsePhoneNumber.js') || input.includes('parsePhoneNumber'))).toBe(true);
    expect(phone.filter((input) => /AsYouType|PhoneNumberMatcher|findNumbers|searchNumbers/.test(input))).toEqual([]);
  });

  it('behavior: the phone-number library is loaded by the SMS flow only, lazily, never in the first paint', async () => {
    for (const entry of ['index.ts', 'react/index.ts']) {
      const { all } = await bundle(entry);
      expect(all.filter(isPhoneLibrary)).toEqual([]);
    }
    for (const entry of ['sms.ts', 'react/sms.ts']) {
      const { initial, all } = await bundle(entry);
      expect(initial.filter(isPhoneLibrary)).toEqual([]);
      expect(all.some(isPhoneLibrary)).toBe(true);
    }
  });

  it('behavior: the root entries carry no flow — each flow and its hook come from their own entry', async () => {
    const flowFiles = [
      'core/machines/emailSignIn/emailSignInMachine.ts',
      'core/machines/smsSignIn/smsSignInMachine.ts',
      'core/machines/passkeySignIn/passkeySignInMachine.ts',
      'core/machines/passkeyManager/passkeyManagerMachine.ts',
      'core/machines/mfaChallenge/mfaChallengeMachine.ts',
      'core/machines/mfaEnrolment/mfaEnrolmentMachine.ts',
      'core/machines/mfaDevices/mfaDevicesMachine.ts',
      'core/machines/mfaDevices/stepUpMachine.ts',
      'core/machines/mfaDevices/stepUpRetryMachine.ts',
      'core/machines/unlinkCredential/unlinkCredentialMachine.ts',
      'core/machines/deleteAccount/deleteAccountMachine.ts',
      'core/machines/socialSignIn/socialSignInMachine.ts',
      'react/useEmailSignIn.ts',
      'react/useSmsSignIn.ts',
      'react/usePasskeySignIn.ts',
      'react/usePasskeyManager.ts',
      'react/useMfaChallenge.ts',
      'react/useMfaEnrolment.ts',
      'react/useMfaDevices.ts',
      'react/useStepUp.ts',
      'react/useUnlinkCredential.ts',
      'react/useStepUpRetry.ts',
      'react/useDeleteAccount.ts',
      'react/useProfile.ts',
    ].map((file) => `packages/headless/src/${file}`);
    for (const entry of ['index.ts', 'react/index.ts']) {
      const { all } = await bundle(entry);
      expect(all.filter((input) => flowFiles.includes(input))).toEqual([]);
    }
    const { initial } = await bundle('react/mfa.ts');
    expect(initial).toContain('packages/headless/src/core/machines/mfaChallenge/mfaChallengeMachine.ts');
  });

  it('behavior: @latchkey/headless/react — no zod and no protocol schema in the initial load', async () => {
    // The provider can build its client from plain config, so it reaches createLatchkeyClient, whose transport
    // imports the schemas lazily — as the core entry does: the first paint still carries none of them.
    const { initial, all } = await bundle('react/index.ts');
    expect(initial.filter(isZod)).toEqual([]);
    expect(protocolInputs(initial).filter((input) => !PLAIN_PROTOCOL.includes(input))).toEqual([]);
    expect(initial).not.toContain('packages/headless/src/core/contract/contract.ts');
    expect(initial).toContain('packages/headless/src/react/useSession.ts');
    expect(all).toContain('packages/headless/src/core/contract/contract.ts');
  });

  it('behavior: NaCl box (@noble/ciphers, mobile deep-link wallets) is reachable only from the mobile entries', async () => {
    const isDeepLinkCrypto = (input: string) => /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?@noble\/ciphers\//.test(input);
    for (const entry of ['index.ts', 'react/index.ts']) {
      const { all } = await bundle(entry);
      expect(all.filter(isDeepLinkCrypto)).toEqual([]);
    }
    for (const entry of ['mobile.ts', 'react/mobile.ts']) {
      const { initial } = await bundle(entry);
      expect(initial.some(isDeepLinkCrypto)).toBe(true);
    }
  });
});

describe('Solana: reading without web3.js, the transfer with it', () => {
  const isWeb3 = (input: string) => /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?@solana\/(?:web3\.js|spl-token)\//.test(input);
  it('behavior: @latchkey/headless/react/solana — networks, balances and activity load no web3.js or spl-token; the transfer brings them, lazily', async () => {
    const { initial, all } = await bundle('react/solana.ts');
    expect(initial.filter(isWeb3)).toEqual([]);
    expect(initial).toContain('packages/headless/src/solana/balances/getSolanaBalances.ts');
    expect(initial).toContain('packages/headless/src/solana/activity/getSolanaActivity.ts');
    expect(initial).not.toContain('packages/headless/src/solana/transfer/createSolanaTransferPort.ts');
    // The lazy part holds them (so the checks above can fail): web3.js's Transaction, not its Connection.
    expect(all.some((input) => input.includes('@solana/web3.js'))).toBe(true);
    expect(all.some((input) => input.includes('@solana/spl-token'))).toBe(true);
    expect(all).toContain('packages/headless/src/solana/transfer/createSolanaTransferPort.ts');
  });
});

describe('the embedded wallet stays on its own entries', () => {
  const isEmbedded = (input: string) => input.includes('packages/headless/src/core/embedded/') || input.includes('@hpke/');
  it('behavior: neither @latchkey/headless nor /react reach the custody code or @hpke/core; /embedded does', async () => {
    for (const entry of ['index.ts', 'react/index.ts']) {
      const { all } = await bundle(entry);
      expect(all.filter(isEmbedded)).toEqual([]);
    }
    const { all } = await bundle('embedded.ts');
    expect(all.some((input) => input.includes('@hpke/'))).toBe(true);
    expect(all.filter(isZod)).toEqual([]);
  });
});

describe('the external wallets stay on their own entries', () => {
  it('behavior: wallet code (wallet-standard, noble) is reachable only from the wallet entries', async () => {
    const isWalletDependency = (input: string) => /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(?:@wallet-standard|@noble)\//.test(input) || input.includes('packages/headless/src/core/wallets/');
    for (const entry of ['index.ts', 'react/index.ts']) {
      const { all } = await bundle(entry);
      expect(all.filter(isWalletDependency)).toEqual([]);
    }
    // The wallet entry does reach them (so the check above can fail).
    const { initial } = await bundle('react/wallets.ts');
    expect(initial.some((input) => input.includes('@wallet-standard'))).toBe(true);
  });

  it('behavior: MPC wallets (FROST, HPKE, the ceremonies) load from their own entry only — never from the root entries or the wallet chooser', async () => {
    const isFrost = (input: string) => /@noble\/curves.*\/abstract\/frost\.js$/.test(input);
    for (const entry of ['index.ts', 'react/index.ts', 'react/wallets.ts']) {
      const { all } = await bundle(entry);
      expect(all.filter(isFrost), entry).toEqual([]);
      expect(all.filter((input) => input.includes('packages/headless/src/core/mpc/') && !input.endsWith('mpcAccount.ts')), entry).toEqual([]);
    }
    const { all } = await bundle('react/mpc.ts');
    expect(all.some(isFrost)).toBe(true);
  });
});
