import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPopupCloudDrive } from './cloudDrive.js';

const DRIVE = 'http://127.0.0.1:4020';
const APP = 'http://localhost:5173';

/** A page and the drive's sign-in popup, whose script posts the token and closes itself — as the emulator's does. */
function fakeWindow() {
  const page = new EventTarget() as EventTarget & { location: { origin: string }; open: (url: string) => unknown };
  const popup = { closed: false, close: () => void (popup.closed = true) };
  page.location = { origin: APP };
  page.open = () => popup;
  /** The popup posts `data` and closes; the message reaches the page `deliveredAfterMs` after the close. */
  const answer = (data: unknown, deliveredAfterMs: number) => {
    popup.closed = true;
    setTimeout(() => page.dispatchEvent(Object.assign(new Event('message'), { origin: DRIVE, source: popup, data })), deliveredAfterMs);
  };
  return { page: page as unknown as Window, popup, answer };
}

afterEach(() => vi.useRealTimers());

describe('createPopupCloudDrive: the sign-in popup', () => {
  it('behavior: a token that arrives just after its popup closed itself is taken (the close can overtake the message)', async () => {
    vi.useFakeTimers();
    const { page, answer } = fakeWindow();
    const fetch = vi.fn(async () => new Response('{"backup":1}', { status: 200 }));
    const drive = createPopupCloudDrive({ url: DRIVE, window: page, fetch });
    const read = drive.read('googleDrive', 'backup.json');
    // The popup posts and closes between two of the page's checks; the message is delivered after the next check.
    await vi.advanceTimersByTimeAsync(400);
    answer({ type: 'latchkey:cloud-drive-token', provider: 'googleDrive', accessToken: 'token-1', expiresIn: 3600 }, 300);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(read).resolves.toBe('{"backup":1}');
    expect(fetch).toHaveBeenCalledWith(`${DRIVE}/drive/v1/googleDrive/files/backup.json`, expect.objectContaining({ headers: { authorization: 'Bearer token-1' } }));
  });

  it('error: a drive that takes the upload and never answers is mpc_cloud_drive_failed after 30 s (it did not answer in time), not a backup for good', async () => {
    vi.useFakeTimers();
    const { page, answer } = fakeWindow();
    const drive = createPopupCloudDrive({ url: DRIVE, window: page, fetch: vi.fn(() => new Promise<Response>(() => undefined)) });
    const write = drive.write('googleDrive', 'backup.json', '{}');
    const outcome = write.then(
      () => 'written',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(400);
    answer({ type: 'latchkey:cloud-drive-token', provider: 'googleDrive', accessToken: 'token-1', expiresIn: 3600 }, 0);
    await vi.advanceTimersByTimeAsync(30_000 + 1_000);
    expect(await outcome).toMatchObject({ code: 'mpc_cloud_drive_failed' });
    expect(String((await outcome as Error).message)).toContain('did not answer in time');
  });

  it('error: a popup closed without an answer is mpc_cloud_drive_failed (the window was closed), within seconds', async () => {
    vi.useFakeTimers();
    const { page, popup } = fakeWindow();
    const drive = createPopupCloudDrive({ url: DRIVE, window: page, fetch: vi.fn() });
    const read = drive.read('icloud', 'backup.json');
    const outcome = read.catch((error: unknown) => error);
    popup.close();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await outcome).toMatchObject({ code: 'mpc_cloud_drive_failed', message: 'iCloud could not be reached: the sign-in window was closed' });
  });
});

describe('createPopupCloudDrive: a token belongs to the user it was handed out for', () => {
  /** A page whose drive popup answers at once with a token for the account it was asked about (`login_hint`). */
  function answeringWindow() {
    const listeners = new Set<(event: MessageEvent) => void>();
    const opened: string[] = [];
    const view = {
      location: { origin: APP },
      open(url: string) {
        opened.push(url);
        const popup = { closed: false, close: () => undefined };
        const accessToken = `token-of-${new URL(url).searchParams.get('login_hint')}-${opened.length}`;
        queueMicrotask(() => listeners.forEach((listener) => listener({ origin: DRIVE, source: popup, data: { type: 'latchkey:cloud-drive-token', provider: 'googleDrive', accessToken, expiresIn: 3600 } } as unknown as MessageEvent)));
        return popup;
      },
      addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
    } as unknown as Window;
    return { view, opened };
  }

  it("error: another user signed in on the same page is asked to sign in to their own drive — their backup never goes out with the previous user's token", async () => {
    const { view, opened } = answeringWindow();
    const bearers: string[] = [];
    let user = { id: 'user-ada', email: 'ada@example.com' };
    const drive = createPopupCloudDrive({
      url: DRIVE,
      window: view,
      loginHint: () => user.email,
      account: () => user.id,
      fetch: (async (_url: string, init: RequestInit) => {
        bearers.push(new Headers(init.headers).get('authorization') ?? '');
        return new Response('', { status: 200 });
      }) as typeof fetch,
    });
    await drive.write('googleDrive', 'a.json', '{"a":1}');
    await drive.write('googleDrive', 'a.json', '{"a":2}');
    expect(opened).toHaveLength(1); // the same user: the token is kept
    // Ada signs out; Bob signs in on the same page and backs up to his drive.
    user = { id: 'user-bob', email: 'bob@example.com' };
    await drive.write('googleDrive', 'b.json', '{"b":1}');
    expect(opened).toHaveLength(2);
    expect(bearers).toEqual(['Bearer token-of-ada@example.com-1', 'Bearer token-of-ada@example.com-1', 'Bearer token-of-bob@example.com-2']);
  });

  it('behavior: without an account, the login hint tells whose token it is', async () => {
    const { view, opened } = answeringWindow();
    let hint = 'ada@example.com';
    const drive = createPopupCloudDrive({ url: DRIVE, window: view, loginHint: () => hint, fetch: (async () => new Response('', { status: 200 })) as typeof fetch });
    await drive.write('googleDrive', 'a.json', '{}');
    hint = 'bob@example.com';
    await drive.write('googleDrive', 'b.json', '{}');
    expect(opened).toHaveLength(2);
  });
});

