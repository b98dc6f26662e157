import { describe, expect, it } from 'vitest';
import { generateHookDocs, staleHookDocs } from './docs.mjs';

/** docs/hooks is generated from the TSDoc (scripts/docs.mjs): a change to a hook without the docs fails here. */
describe('docs/hooks', () => {
  const pages = generateHookDocs();

  it('behavior: is up to date with the TSDoc and the types — run `node scripts/docs.mjs` after changing a hook', () => {
    expect(staleHookDocs(pages)).toEqual([]);
  });

  it('default: one page per hook of every React entry, each with its import, parameters, return shape and errors', () => {
    const hookPages = pages.filter((page) => !page.path.endsWith('README.md'));
    const names = hookPages.map((page) => page.path.replace(/^docs\/hooks\/|\.md$/g, ''));
    expect(names).toEqual(expect.arrayContaining(['useSession', 'useUser', 'useLatchkey', 'useEmailSignIn', 'useSmsSignIn', 'usePasskeySignIn', 'usePasskeyManager', 'useMfaChallenge', 'useMfaEnrolment', 'useMfaDevices', 'useMpcWallet', 'useSocialSignIn']));
    for (const page of hookPages) {
      expect(page.content).toMatch(/^import \{ use\w+ \} from '@latchkey\/headless\/react(\/\w+)?';$/m);
      for (const section of ['## Parameters', '## Returns', '## Errors']) expect(page.content, page.path).toContain(section);
    }
    const email = pages.find((page) => page.path === 'docs/hooks/useEmailSignIn.md')?.content ?? '';
    expect(email).toContain("| `status` | `'failed' \\| 'idle' \\| 'sendingCode' \\| 'awaitingCode' \\| 'verifying' \\| 'done'` |");
    expect(email).toContain('| `user_has_already_account_with_email` |');
    expect(pages.find((page) => page.path === 'docs/hooks/README.md')?.content).toContain('[`useEmailSignIn`](./useEmailSignIn.md)');
  });
});
