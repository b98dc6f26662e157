import { describe, expect, it, vi } from 'vitest';
import { createSocialBrowser } from './socialBrowser.js';

function fakeWindow(opened: { document: { title: string } } | null) {
  const open = vi.fn(() => opened);
  return { win: { open, screenX: 0, screenY: 0, outerWidth: 1200, outerHeight: 900 } as unknown as Window, open };
}

describe('createSocialBrowser().openPopup', () => {
  it('default: a 500×600 about:blank popup, its title left alone', () => {
    const popup = { document: { title: '' }, closed: false };
    const { win, open } = fakeWindow(popup);
    expect(createSocialBrowser(win).openPopup()).not.toBeNull();
    expect(open).toHaveBeenCalledWith('about:blank', 'latchkey-social', expect.stringContaining('width=500,height=600'));
    expect(popup.document.title).toBe('');
  });

  it("behavior: the title given (branding's popupPageTitle) names the popup", () => {
    const popup = { document: { title: '' }, closed: false };
    createSocialBrowser(fakeWindow(popup).win).openPopup({ title: 'Acme · Sign in' });
    expect(popup.document.title).toBe('Acme · Sign in');
  });

  it('error: a blocked popup is null', () => {
    expect(createSocialBrowser(fakeWindow(null).win).openPopup({ title: 'Acme' })).toBeNull();
  });
});
