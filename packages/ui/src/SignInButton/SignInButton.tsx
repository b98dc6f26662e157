import { useLatchkey, useSession } from '@latchkey/headless/react/provider';
import { useCallback, useEffect, useRef, useState } from 'react';
import { dialogNeedsOnboarding, isSignInDialogReady, preloadSignInDialog, SignInDialog } from '../screens/SignInDialog/SignInDialog.js';
import { anchor } from '../KitErrorBoundary/KitErrorBoundary.css.js';
import { trigger } from './SignInButton.css.js';
import { loadUserMenu, UserMenu } from '../screens/UserMenu/UserMenu.js';
import { useFirstPaintMessages } from '../messages/useFirstPaintMessages.js';
import { useLocale } from '../messages/useLocale.js';
import { SignInEmbedded } from '../screens/SignInEmbedded/SignInEmbedded.js';

export interface SignInButtonProps {
  /** The button's text. Default "Sign in" in the active locale (`signIn.button`). */
  label?: string;
}

/**
 * The page's address carries every one of `names` in its query: it was opened by a social sign-in redirect's return
 * (`provider` and `state`) or a mobile wallet's (the request id the kit put in its redirect link, `latchkey_mobile_request`:
 * `MOBILE_WALLET_REQUEST_PARAM` of `@latchkey/headless/mobile`, written out so the first paint loads none of it).
 * Read in effects only, so never on a server.
 */
function openedWith(...names: string[]): boolean {
  const params = new URLSearchParams(window.location.search);
  return names.every((name) => params.has(name));
}

/**
 * "Sign in" — opens the sign-in dialog; once the user is signed in, the user menu takes its place.
 * The dialog's code is fetched once the page is idle (or on first hover, focus or press, if sooner); if it cannot be (offline), a small "Something went
 * wrong. Retry" sits beside the button, and the next click tries again. After signing out, focus returns here.
 * When the project's `design.modal.view` is `'embedded'`, this place shows the sign-in itself, inline (`SignInEmbedded`).
 */
export function SignInButton(props: SignInButtonProps) {
  const { settings } = useLatchkey();
  return settings?.design?.modal?.view === 'embedded' ? <SignInEmbedded /> : <SignInModal {...props} />;
}

function SignInModal({ label }: SignInButtonProps) {
  const t = useFirstPaintMessages();
  const { locale, dir } = useLocale();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // Back from a social provider (redirect strategy) or a mobile wallet: the dialog opens and its flow finishes the sign-in.
  // A wallet's return waits for the restore: a signed-in user's is a link, which the user menu finishes (no dialog).
  const signedOut = session.status === 'signedOut' || session.status === 'expired';
  const returned = (back: boolean) => {
    if (!back) return;
    setMounted(true);
    setOpen(true);
  };
  useEffect(() => returned(openedWith('provider', 'state')), []);
  useEffect(() => returned(signedOut && openedWith('latchkey_mobile_request')), [signedOut]);
  const [focusMenu, setFocusMenu] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { settings } = useLatchkey();
  const [skipped, setSkipped] = useState(false);
  // Signed in with profile fields still missing: the dialog stays for its onboarding step, and the sign-in is complete
  // (the menu takes over) once they are saved, or skipped when all are optional. A missing *required* field holds the
  // sign-in back however the user got here (a closed dialog, a restored session): the dialog opens and cannot be
  // dismissed until it is saved. Optional ones are asked only inside a dialog the user opened; closing it skips them.
  // The session itself says `onboarding` while a required field is missing (headless: a custom UI sees the same).
  const required = session.status === 'onboarding';
  const missing = required || (open && session.status === 'signedIn' && settings !== undefined && dialogNeedsOnboarding(settings, session.user));
  const onboarding = missing && (required || (open && !skipped));
  const signedIn = session.status === 'signedIn' && !onboarding;
  const heldBack = useRef(false);
  useEffect(() => {
    if (required) {
      setMounted(true);
      setOpen(true);
    } else if (heldBack.current && session.status !== 'signedIn') {
      // "Sign out instead" in the locked step: the dialog goes with the session.
      setOpen(false);
    }
    heldBack.current = required;
  }, [required, session.status]);
  useEffect(() => {
    if (session.status !== 'signedIn' && session.status !== 'onboarding') setSkipped(false);
  }, [session.status]);
  const wasSignedIn = useRef(signedIn);

  // A failed preload (offline) is not an error yet: the click that needs the code tries again and says so.
  const preload = useCallback(() => {
    preloadSignInDialog().catch(() => undefined);
  }, []);
  const [clicks, setClicks] = useState(0);
  // A click before the code is here waits for it (the button says it is busy) and then opens the dialog in one
  // render: a dialog that suspended on its first render would show only after React's reveal throttle (~300 ms).
  const [waiting, setWaiting] = useState(false);
  const openDialog = useCallback(() => {
    setWaiting(false);
    setMounted(true);
    setOpen(true);
    setClicks((count) => count + 1);
  }, []);

  // Once the page is idle, the dialog's code is fetched: a click on a freshly loaded page then opens it at once
  // instead of waiting for its chunks (hover and pointerdown come too late for a quick click).
  useEffect(() => {
    if (!signedOut || isSignInDialogReady()) return undefined;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preload, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(preload, 200);
    return () => clearTimeout(id);
  }, [signedOut, preload]);

  // Someone who opened the dialog, or is being signed in, will likely need the menu next.
  const likelySigningIn = open || session.status === 'signingIn';
  useEffect(() => {
    if (likelySigningIn) loadUserMenu().catch(() => undefined);
  }, [likelySigningIn]);

  // Signing in inside the dialog swaps this button for the user menu: the dialog is gone and focus
  // moves to the menu's trigger. Signing out brings back a closed dialog.
  useEffect(() => {
    if (signedIn) {
      setFocusMenu(open);
      setOpen(false);
      setMounted(false);
    } else {
      setFocusMenu(false);
      // Signed out from the menu: the menu (and the focus it held) is gone; focus comes back to this button.
      const active = document.activeElement;
      if (wasSignedIn.current && (active === null || active === document.body)) buttonRef.current?.focus();
    }
    wasSignedIn.current = signedIn;
    // Keyed on the sign-in transition only, not on every open/close of the dialog.
  }, [signedIn]);

  if (signedIn) {
    return <UserMenu autoFocus={focusMenu || open} />;
  }

  return (
    <span className={anchor} dir={dir} lang={locale}>
      <button
        ref={buttonRef}
        type="button"
        className={trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={session.status === 'restoring' || waiting || undefined}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          if (isSignInDialogReady()) {
            openDialog();
            return;
          }
          setWaiting(true);
          // A failed load opens too: the dialog's error boundary then says so and offers Retry.
          preloadSignInDialog().then(openDialog, openDialog);
        }}
      >
        {label ?? t('signIn.button')}
      </button>
      {mounted ? (
        <SignInDialog
          retryKey={clicks}
          open={open}
          onOpenChange={(next) => {
            if (!next && required) return;
            if (!next && onboarding) setSkipped(true);
            setOpen(next);
          }}
          onboarding={onboarding}
          onboardingRequired={required}
          onSkipOnboarding={() => setSkipped(true)}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            buttonRef.current?.focus();
          }}
        />
      ) : null}
    </span>
  );
}
