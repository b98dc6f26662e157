import { SOCIAL_POPUP_HEIGHT, SOCIAL_POPUP_WIDTH } from '@latchkey/protocol/constants';

/** The popup window as the social flow sees it. */
export interface PopupHandle {
  readonly closed: boolean;
  navigate(url: string): void;
  close(): void;
  /** True when a message's `source` is this popup's window (a fake may leave it out: then the origin check stands alone). */
  isSource?(source: unknown): boolean;
}

/** A message that reached the page (`MessageEvent`'s origin and data). */
export interface ReceivedMessage {
  origin: string;
  data: unknown;
  /** The window that posted it (`MessageEvent.source`). */
  source?: unknown;
}

/** The browser features the social flow uses, injected so tests and SSR need no `window`. */
export interface SocialBrowser {
  /**
   * Opens `about:blank` in a 500×600 popup, titled `title` (branding `popupPageTitle`) while the sign-in starts; null
   * when the browser blocked it. Call it inside the click handler.
   */
  openPopup(options?: { title?: string | undefined }): PopupHandle | null;
  /** Listens to `message` events; returns the unsubscribe. */
  onMessage(listener: (message: ReceivedMessage) => void): () => void;
  /** The page's URL now. */
  currentUrl(): string;
  /** Full-page navigation (the redirect strategy). */
  redirect(url: string): void;
  /** Replaces the current URL without reloading (drops the code and state after a redirect return). */
  replaceUrl(url: string): void;
  /** Safari and iOS block or lose popups: the redirect strategy is used there. */
  prefersRedirect(): boolean;
}

/** Safari (not Chrome/Chromium/Edge/Firefox on macOS) or any iOS browser. */
export function isSafariOrIos(userAgent: string): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  return /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|CriOS\/|Edg\/|Firefox\/|FxiOS\//.test(userAgent);
}

/** The real browser, read lazily (nothing is touched at import time). */
export function createSocialBrowser(win: Window = window): SocialBrowser {
  return {
    openPopup(options = {}) {
      const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - SOCIAL_POPUP_WIDTH) / 2));
      const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - SOCIAL_POPUP_HEIGHT) / 2));
      const popup = win.open('about:blank', 'latchkey-social', `popup,width=${SOCIAL_POPUP_WIDTH},height=${SOCIAL_POPUP_HEIGHT},left=${left},top=${top}`);
      if (!popup) return null;
      // The blank page is the opener's origin until the provider's loads: its title is ours to set.
      if (options.title) {
        try {
          popup.document.title = options.title;
        } catch {
          // A browser that isolates the popup at once: it keeps its own title.
        }
      }
      return {
        get closed() {
          return popup.closed;
        },
        navigate: (url) => popup.location.replace(url),
        close: () => popup.close(),
        isSource: (source) => source === popup,
      };
    },
    onMessage(listener) {
      const handler = (event: MessageEvent) => listener({ origin: event.origin, data: event.data as unknown, source: event.source });
      win.addEventListener('message', handler);
      return () => win.removeEventListener('message', handler);
    },
    currentUrl: () => win.location.href,
    redirect: (url) => win.location.assign(url),
    replaceUrl: (url) => win.history.replaceState(win.history.state, '', url),
    prefersRedirect: () => isSafariOrIos(win.navigator.userAgent),
  };
}
