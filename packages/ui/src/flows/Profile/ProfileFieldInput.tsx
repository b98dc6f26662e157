import { useId } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { errorText, input, label as labelClass, mutedText, stack, successText } from '../../styles/shared.css.js';
import type { ProfileFieldModel, ProfileFlowModel } from './ProfileModel.js';
import * as styles from './Profile.css.js';

export interface ProfileFieldInputProps {
  field: ProfileFieldModel;
  value: string | boolean | undefined;
  problem: ProfileFlowModel['problems'][string];
  availability: ProfileFlowModel['availability'][string] | undefined;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
}

/**
 * One profile field by its `validationType`: text (its regex as `pattern`), checkbox (with `checkboxText`), select
 * (`validOptions`). Required fields say so to assistive technology; optional ones say "(optional)". The problem or the
 * uniqueness check shows under it as a sentence, tied to the control with `aria-describedby`.
 */
export function ProfileFieldInput({ field, value, problem, availability, disabled, onChange }: ProfileFieldInputProps) {
  const t = useMessages();
  const id = useId();
  const noteId = `${id}-note`;
  const name = field.label;
  const problemText =
    problem === undefined
      ? undefined
      : problem === 'taken' && field.name === 'username'
        ? t('profile.problem.takenUsername')
        : t(`profile.problem.${problem}`, { label: problem === 'taken' ? name.toLowerCase() : name });
  const note = problemText ?? (availability === 'checking' ? t('profile.check.checking') : availability === 'available' ? t('profile.check.available', { label: name }) : undefined);
  const noteClass = problemText ? errorText : availability === 'available' ? successText : mutedText;
  const common = {
    id,
    name: field.name,
    disabled,
    'aria-invalid': problemText ? true : undefined,
    'aria-describedby': note ? noteId : undefined,
    'aria-required': field.required || undefined,
  } as const;
  const heading = (
    <label htmlFor={id} className={labelClass}>
      {name}
      {field.required ? null : <span className={mutedText}> {t('profile.optional')}</span>}
    </label>
  );
  return (
    <div className={stack} data-field={field.name} data-kind={field.kind}>
      {field.kind === 'checkbox' ? (
        <div className={styles.checkboxRow}>
          <input {...common} type="checkbox" className={styles.checkbox} checked={value === true} onChange={(event) => onChange(event.target.checked)} />
          <label htmlFor={id} className={labelClass}>
            {field.checkboxText ?? name}
            {field.required ? null : <span className={mutedText}> {t('profile.optional')}</span>}
          </label>
        </div>
      ) : field.kind === 'select' ? (
        <>
          {heading}
          <select {...common} className={input} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t('profile.select.placeholder')}</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          {heading}
          <input
            {...common}
            type="text"
            className={input}
            autoComplete={field.name === 'username' ? 'username' : 'off'}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
          />
        </>
      )}
      {note ? (
        <p id={noteId} className={noteClass} {...(problemText ? { role: 'alert' } : { 'aria-live': 'polite' as const })}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
