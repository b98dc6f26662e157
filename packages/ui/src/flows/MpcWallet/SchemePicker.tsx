import { useId } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { label, mutedText, stack } from '../../styles/shared.css.js';
import type { Scheme } from './MpcWalletModel.js';

const SCHEMES: readonly Scheme[] = ['TWO_OF_TWO', 'TWO_OF_THREE', 'THREE_OF_FIVE'];

/** The threshold schemes as a radio group, each with what it means. */
export function SchemePicker({ value, onChange, disabled, exclude }: { value: Scheme; onChange: (scheme: Scheme) => void; disabled?: boolean; exclude?: Scheme }) {
  const t = useMessages();
  const id = useId();
  return (
    <fieldset className={stack} style={{ border: 0, padding: 0, margin: 0, gap: '8px' }}>
      <legend id={`${id}-legend`} className={label} style={{ padding: 0, marginBottom: '4px' }}>
        {t('mpc.scheme.label')}
      </legend>
      {SCHEMES.filter((scheme) => scheme !== exclude).map((scheme) => (
        <label key={scheme} style={{ display: 'flex', gap: '8px', alignItems: 'flex-start', cursor: disabled ? 'default' : 'pointer' }}>
          <input type="radio" name={`${id}-scheme`} value={scheme} checked={value === scheme} disabled={disabled} onChange={() => onChange(scheme)} style={{ marginTop: '4px' }} />
          <span className={stack} style={{ gap: '2px' }}>
            <span className={label}>{t(`mpc.scheme.${scheme}`)}</span>
            <span className={mutedText}>{t(`mpc.scheme.hint.${scheme}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
