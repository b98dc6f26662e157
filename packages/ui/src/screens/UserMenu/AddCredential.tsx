import { useEmailSignIn } from '@latchkey/headless/react/email';
import { useSmsSignIn } from '@latchkey/headless/react/sms';
import { EmailSignInView } from '../../flows/EmailSignIn/EmailSignInView.js';
import { SmsSignInView } from '../../flows/SmsSignIn/SmsSignInView.js';
import type { SmsCountry } from '../../flows/SmsSignIn/countries.js';
import { button, stack } from '../../styles/shared.css.js';
import type { CredentialKind } from './AccountSection.js';
import { useMessages } from '../../messages/useMessages.js';

export interface AddCredentialProps {
  kind: CredentialKind;
  /** The SMS provider's countries (for `phone`). */
  countries: readonly SmsCountry[];
  onClose: () => void;
}

/**
 * Adds a verified e-mail or phone number to the signed-in user: the code flow with
 * `purpose: 'link'` (POST /emailVerifications/verify or /smsVerifications/verify). Conflicts of
 * SPEC §8 — the address or number belongs to another user — come back as sentences on the code step.
 * Loaded on demand from the user menu.
 */
export function AddCredential({ kind, countries, onClose }: AddCredentialProps) {
  const t = useMessages();
  return (
    <div className={stack} data-latchkey-section={`add-${kind}`}>
      {kind === 'email' ? <AddEmail /> : <AddPhone countries={countries} />}
      <button type="button" className={button.quiet} onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}

function AddEmail() {
  const flow = useEmailSignIn({ purpose: 'link' });
  return <EmailSignInView flow={flow} purpose="link" />;
}

function AddPhone({ countries }: { countries: readonly SmsCountry[] }) {
  const flow = useSmsSignIn({ purpose: 'link' });
  return <SmsSignInView flow={flow} countries={countries} purpose="link" />;
}
