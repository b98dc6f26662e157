import { ErrorMessage } from '../../ErrorMessage.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { Loading } from '../../Loading.js';
import { button, mutedText, stack, successText, text } from '../../styles/shared.css.js';
import type { ProfileFlowModel } from './ProfileModel.js';
import { ProfileFieldInput } from './ProfileFieldInput.js';
import * as styles from './Profile.css.js';

export interface ProfileViewProps {
  flow: ProfileFlowModel;
  /** `edit` (the menu's Account view: fields, Save) or `onboarding` (after sign-in: Continue, maybe Skip). */
  purpose?: 'edit' | 'onboarding';
  /** The onboarding step's heading and intro (`general.collectUserDataWelcomeHeader` / `…Message`). */
  heading?: string | undefined;
  intro?: string | undefined;
  /** Onboarding with only optional fields: "Skip for now". */
  onSkip?: (() => void) | undefined;
}

/**
 * The profile form over the project's custom and kyc fields, ordered by position; unique values are checked while
 * typing. Presentational over `useProfile()`; the root carries `data-state`. (Delete account is `DeleteAccount`.)
 */
export function ProfileView({ flow, purpose = 'edit', heading, intro, onSkip }: ProfileViewProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const errorText = useErrorText();
  if (flow.status === 'loading') {
    return (
      <div className={stack} dir={dir} lang={locale} data-flow="profile" data-state="loading">
        <Loading />
      </div>
    );
  }
  const onboarding = purpose === 'onboarding';
  const busy = flow.status === 'saving';
  const allOptional = flow.fields.every((field) => !field.required);
  return (
    <div className={stack} dir={dir} lang={locale} data-flow="profile" data-purpose={purpose} data-state={flow.status}>
      {onboarding ? (
        <div className={stack}>
          <h2 className={text}>{heading ?? t('profile.onboarding.heading')}</h2>
          <p className={mutedText}>{intro ?? t('profile.onboarding.intro')}</p>
        </div>
      ) : null}
      {flow.fields.length === 0 ? <p className={mutedText}>{t('profile.noFields')}</p> : null}
      {flow.fields.length > 0 ? (
        <form
          className={styles.form}
          noValidate
          aria-label={onboarding ? (heading ?? t('profile.onboarding.heading')) : t('profile.heading')}
          onSubmit={(event) => {
            event.preventDefault();
            flow.save();
          }}
        >
          {flow.fields.map((field) => (
            <ProfileFieldInput
              key={field.name}
              field={field}
              value={flow.values[field.name]}
              problem={flow.problems[field.name]}
              availability={flow.availability[field.name]}
              disabled={busy}
              onChange={(value) => flow.setValue(field.name, value)}
            />
          ))}
          <ErrorMessage>{errorText(flow.error)}</ErrorMessage>
          <div className={styles.actions}>
            <button type="submit" className={button.primary} disabled={busy} aria-busy={flow.status === 'saving' || undefined}>
              {flow.status === 'saving' ? t('profile.saving') : onboarding ? t('profile.continue') : t('profile.save')}
            </button>
            {onboarding && allOptional && onSkip ? (
              <button type="button" className={button.quiet} disabled={busy} onClick={onSkip}>
                {t('profile.skip')}
              </button>
            ) : null}
            {flow.status === 'saved' && !onboarding ? (
              <span role="status" className={successText}>
                {t('profile.saved')}
              </span>
            ) : null}
          </div>
        </form>
      ) : null}
    </div>
  );
}
