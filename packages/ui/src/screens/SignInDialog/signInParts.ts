import { createContext, useContext, type ComponentType, type ReactNode, type RefAttributes } from 'react';

/** The title and description of the sign-in, as the frame around it provides them. */
export interface SignInParts {
  /** The dialog's Radix `Dialog.Title` (it names the dialog), or the embedded sign-in's heading (it names the region). */
  Title: ComponentType<{ className?: string; tabIndex?: number; children?: ReactNode } & RefAttributes<HTMLHeadingElement>>;
  /** The dialog's Radix `Dialog.Description`, or the embedded sign-in's paragraph (it describes the region). */
  Description: ComponentType<{ className?: string; hidden?: boolean; children?: ReactNode }>;
}

/**
 * The frame's parts for the sign-in content: the dialog passes Radix's, the embedded sign-in plain elements wired to
 * its region. The content reads them here, so one content serves both.
 */
export const SignInPartsContext = createContext<SignInParts | undefined>(undefined);

export function useSignInParts(): SignInParts {
  const parts = useContext(SignInPartsContext);
  if (!parts) throw new Error('The sign-in content renders inside SignInDialogView or SignInEmbeddedView.');
  return parts;
}
