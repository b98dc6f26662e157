import { link, mutedText } from '../styles/shared.css.js';
import { fillParts } from '../messages/fillParts.js';
import { useMessages } from '../messages/useMessages.js';

export interface LegalFooterProps {
  termsUrl: string | undefined;
  privacyUrl: string | undefined;
}

/**
 * "By continuing, you agree to the Terms of Service and Privacy Policy." with the project's links;
 * nothing when neither is set. The URLs must already be checked (`brandingFrom`).
 */
export function LegalFooter({ termsUrl, privacyUrl }: LegalFooterProps) {
  const t = useMessages();
  if (!termsUrl && !privacyUrl) return null;
  const terms = termsUrl ? <ExternalLink href={termsUrl}>{t('legal.terms')}</ExternalLink> : null;
  const privacy = privacyUrl ? <ExternalLink href={privacyUrl}>{t('legal.privacy')}</ExternalLink> : null;
  const sentence = terms && privacy ? t('legal.both') : terms ? t('legal.termsOnly') : t('legal.privacyOnly');
  return <p className={mutedText}>{fillParts(sentence, { terms, privacy })}</p>;
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a className={link} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
