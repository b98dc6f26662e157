import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useMessages } from '../../messages/useMessages.js';
import { button, input, label as labelStyle, row, stack } from '../../styles/shared.css.js';

export interface RenameFormProps {
  /** The field's label ('Name', 'Passkey name'). */
  label: string;
  initial: string;
  /** How many characters the field takes (names of 1 to 64 are accepted). */
  maxLength: number;
  autoFocus?: boolean;
  onSave: (alias: string) => void;
  onCancel: () => void;
}

/** Renames a passkey or an MFA device: a trimmed name of 1 to 64 characters, Save or Cancel. */
export function RenameForm({ label, initial, maxLength, autoFocus = false, onSave, onCancel }: RenameFormProps) {
  const t = useMessages();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const alias = value.trim();
    if (alias.length < 1 || alias.length > 64) {
      setError(t('rename.invalid'));
      return;
    }
    onSave(alias);
  };
  return (
    <form className={stack} noValidate onSubmit={submit}>
      <label htmlFor={id} className={labelStyle}>
        {label}
      </label>
      <input
        id={id}
        className={input}
        value={value}
        maxLength={maxLength}
        autoFocus={autoFocus}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>
      <div className={row}>
        <button type="submit" className={button.primary}>
          {t('rename.save')}
        </button>
        <button type="button" className={button.quiet} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
