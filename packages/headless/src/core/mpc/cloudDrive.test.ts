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
