import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, Ref } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { KitLayer } from '../../theme/ThemeRoot.js';
import type { SignInContentProps } from './signInProps.js';
import { SignInPartsContext, type SignInParts } from './signInParts.js';
import { useSignInContent } from './useSignInContent.js';
import * as styles from './SignInDialog.css.js';

export { loginSections, type SignInContentProps, type SignInDialogSettings } from './signInProps.js';

export interface SignInDialogOpenProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (rendered through Radix `Dialog.Trigger asChild`). */
  trigger?: ReactNode;
  /** Where focus goes when the dialog closes, for a dialog opened without `trigger`. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Signed in with profile fields missing: the dialog shows the onboarding step (`general.collectUserData…`). */
  onboarding?: boolean;
  /** "Skip for now" in the onboarding step (offered when every missing field is optional). */
  onSkipOnboarding?: () => void;
  /** A required profile field is missing: the onboarding step cannot be dismissed (no close button, Escape and outside clicks ignored). */
  onboardingRequired?: boolean;
}

export interface SignInDialogViewProps extends SignInDialogOpenProps, SignInContentProps {}

/** The dialog's title and description are Radix's: they name and describe the dialog. */
const dialogParts: SignInParts = { Title: Dialog.Title, Description: Dialog.Description };

/**
 * The sign-in dialog's markup (Radix Dialog: focus trap, Escape, title and description wiring), fed entirely by
 * props: the sign-in content (`useSignInContent`: branding, the login view's blocks, the flows' steps) in a modal
 * over the page — a bottom sheet on phones — with a close button.
 */
export function SignInDialogView({ open, defaultOpen, onOpenChange, trigger, onCloseAutoFocus, ...content }: SignInDialogViewProps) {
  return (
    <Dialog.Root {...(open === undefined ? {} : { open })} {...(defaultOpen === undefined ? {} : { defaultOpen })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <KitLayer>
          <Dialog.Overlay className={styles.overlay} />
          <SignInPartsContext.Provider value={dialogParts}>
            {/* Mounted while open only: a dialog opened again starts on its main view. */}
            <DialogContent content={content} onCloseAutoFocus={onCloseAutoFocus} />
          </SignInPartsContext.Provider>
        </KitLayer>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogContent({ content, onCloseAutoFocus }: { content: SignInContentProps; onCloseAutoFocus: ((event: Event) => void) | undefined }) {
  const t = useMessages();
  const { rootRef, view, template, locked, body } = useSignInContent(content);
  return (
    <Dialog.Content
      ref={rootRef as Ref<HTMLDivElement>}
      className={styles.content}
      data-latchkey-dialog="sign-in"
      data-view={view}
      data-template={template}
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      {...(locked ? { onEscapeKeyDown: (event: KeyboardEvent) => event.preventDefault(), onInteractOutside: (event: Event) => event.preventDefault() } : {})}
    >
      {body}
      {locked ? null : (
        <Dialog.Close className={styles.close} aria-label={t('common.close')}>
          <span aria-hidden="true">×</span>
        </Dialog.Close>
      )}
    </Dialog.Content>
  );
}
