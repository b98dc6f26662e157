import type { ReactNode } from 'react';
import { EmailSignInView } from '../../flows/EmailSignIn/EmailSignInView.js';
import type { EmailFlowModel } from '../../flows/EmailSignIn/EmailSignInModel.js';
import type { SmsCountry } from '../../flows/SmsSignIn/countries.js';
import { SmsSignInView } from '../../flows/SmsSignIn/SmsSignInView.js';
import type { SmsFlowModel } from '../../flows/SmsSignIn/SmsSignInModel.js';
import { EmailOrPhoneStep } from '../LoginView/EmailOrPhoneStep.js';
import { LoginView, type LoginViewSection } from '../LoginView/LoginView.js';
import type { LoginLook } from '../LoginView/loginLook.js';

export interface SignInStepsProps {
  emailFlow: EmailFlowModel;
  /** The SMS flow, when the project enables an SMS provider with countries (`countries` not empty). */
  smsFlow: SmsFlowModel | undefined;
  countries: readonly SmsCountry[];
  country: string | undefined;
  sections: readonly LoginViewSection[] | undefined;
  look: LoginLook;
  layout: { socialAboveEmail?: boolean | undefined; splitEmailAndSocial?: boolean | undefined };
  /** Adds what sits under the e-mail (or e-mail-or-phone) field: the passkey button when passkeys are on. */
  withPasskey: (step: ReactNode) => ReactNode;
  social: ((section: LoginViewSection) => ReactNode) | undefined;
  wallet: ((section: LoginViewSection) => ReactNode) | undefined;
}

/**
 * The sign-in's steps on its main view: the e-mail flow's (and, with an SMS provider, the SMS flow's) own steps, or
 * while both are idle the login view's blocks from settings.
 */
export function SignInSteps({ emailFlow, smsFlow, countries, country, sections, look, layout, withPasskey, social, wallet }: SignInStepsProps) {
  const loginLook = {
    sections,
    social,
    wallet,
    socialAboveEmail: layout.socialAboveEmail,
    splitEmailAndSocial: layout.splitEmailAndSocial,
    displayOrder: look.displayOrder,
    emailOnly: look.emailOnly,
  };
  return (
    <EmailSignInView
      flow={emailFlow}
      submitInsideInput={look.emailSubmitButtonInsideInput}
      renderEmailStep={(emailStep, memory) =>
        smsFlow && countries.length > 0 ? (
          // The e-mail flow is idle: the SMS flow decides between its own steps and the login view.
          <SmsSignInView
            flow={smsFlow}
            countries={countries}
            defaultCountry={country}
            renderPhoneStep={(phoneStep) => (
              <LoginView
                {...loginLook}
                email={withPasskey(emailStep)}
                phone={phoneStep}
                emailAndPhone={withPasskey(
                  <EmailOrPhoneStep
                    countries={countries}
                    defaultCountry={smsFlow.phone?.isoCountryCode ?? country}
                    defaultValue={memory.lastEmail ?? smsFlow.phone?.phoneNumber}
                    isSending={emailFlow.status === 'sendingCode' || smsFlow.status === 'sendingCode'}
                    emailError={emailFlow.error}
                    phoneError={smsFlow.error}
                    onSubmitEmail={(email) => {
                      void smsFlow.reset();
                      void emailFlow.sendCode(email);
                    }}
                    onSubmitPhone={(phone) => {
                      void emailFlow.reset();
                      void smsFlow.sendCode(phone);
                    }}
                  />,
                )}
              />
            )}
          />
        ) : (
          <LoginView {...loginLook} email={withPasskey(emailStep)} />
        )
      }
    />
  );
}
