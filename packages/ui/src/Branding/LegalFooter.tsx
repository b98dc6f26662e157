import { link, mutedText } from '../styles/shared.css.js';

export interface LegalFooterProps {
  termsUrl: string | undefined;
  privacyUrl: string | undefined;
}

/**
 * "By continuing, you agree to the Terms of Service and Privacy Policy." with the project's links;
 * nothing when neither is set. The URLs must already be checked (`brandingFrom`).
 */
export function LegalFooter({ termsUrl, privacyUrl }: LegalFooterProps) {
  if (!termsUrl && !privacyUrl) return null;
  const terms = termsUrl ? <ExternalLink href={termsUrl}>Terms of Service</ExternalLink> : null;
  const privacy = privacyUrl ? <ExternalLink href={privacyUrl}>Privacy Policy</ExternalLink> : null;
  return (
    <p className={mutedText}>
      By continuing, you agree to the {terms}
      {terms && privacy ? ' and ' : null}
      {privacy}.
    </p>
  );
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a className={link} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
