import { clientErrorMessages, LatchkeyError, type LatchkeyErrorCode } from '@latchkey/headless';
import { mpcErrorMessages } from '@latchkey/headless/mpc';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { embeddedErrorMessages } from '../../../headless/src/core/embedded/embeddedError.js';
import { en as enCopy, type MessageId, type Messages } from './en.js';
import { enErrors } from './enErrors.js';
import { fill, MessagesProvider, type MessagesState } from './messagesContext.js';
import { catalogueLanguage, directionOf, loadCatalogue, supportedLocales } from './locales.js';
import { ar } from './locales/ar.js';
import { es } from './locales/es.js';
import { useErrorText } from './useErrorText.js';
import { useMessages } from './useMessages.js';

const LOCALES: Readonly<Record<string, Messages>> = { es, ar };
/** Every English id: the bundled copy and the error messages (which English shows from the SDK). */
const en: Messages = { ...enCopy, ...enErrors };
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogues', () => {
  it('behavior: the shipped locales are English, Spanish and Arabic', () => {
    expect([...supportedLocales]).toEqual(['en', ...Object.keys(LOCALES)]);
  });

  it.each(Object.keys(LOCALES))('behavior: %s has every id of en.ts and no other', (locale) => {
    const catalogue = LOCALES[locale] as Messages;
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(LOCALES))('behavior: %s keeps every message’s placeholders, and translates it (no empty string)', (locale) => {
    const catalogue = LOCALES[locale] as Messages;
    const wrong = (Object.keys(en) as MessageId[]).filter((id) => placeholders(catalogue[id] ?? '').join() !== placeholders(en[id]).join());
    expect(wrong).toEqual([]);
    expect((Object.keys(en) as MessageId[]).filter((id) => (catalogue[id] ?? '').trim() === '')).toEqual([]);
  });

  it.each(Object.keys(LOCALES))('behavior: %s is a translation, not a copy of the English', (locale) => {
    const catalogue = LOCALES[locale] as Messages;
    // Brand names, codes and the like stay as they are; anything longer than a word is translated.
    const brands = new Set<MessageId>(['mpc.location.googleDrive']);
    const same = (Object.keys(en) as MessageId[]).filter((id) => en[id].includes(' ') && !brands.has(id) && catalogue[id] === en[id]);
    expect(same).toEqual([]);
  });

  it('behavior: the English error messages are the headless SDK’s exact wording (SPEC §8)', () => {
    const errorIds = (Object.keys(en) as MessageId[]).filter((id) => id.startsWith('error.'));
    expect(errorIds.length).toBeGreaterThan(100);
    for (const [code, template] of Object.entries({ ...clientErrorMessages, ...mpcErrorMessages, ...embeddedErrorMessages })) {
      expect(en[`error.${code}` as MessageId], code).toBe(template);
    }
    for (const id of errorIds) {
      const code = id.slice('error.'.length) as LatchkeyErrorCode;
      // mpc codes carry their message from the mpc entry (checked above): LatchkeyError alone falls back to the code.
      if (code in mpcErrorMessages) continue;
      const params = Object.fromEntries(placeholders(en[id]).map((name) => [name, `<${name}>`]));
      const fromSdk = code in embeddedErrorMessages ? fill(embeddedErrorMessages[code as keyof typeof embeddedErrorMessages], params) : new LatchkeyError(code, { params }).message;
      expect(fill(en[id], params), code).toBe(fromSdk);
    }
    expect(en['error.wrong_email_verification_token']).toBe('The code is invalid or expired.');
    expect(en['error.popup_blocked']).toBe('Please allow popups and try again.');
  });

  it('default: the locale of a regional tag is its language; English and unknown languages load nothing', async () => {
    expect(catalogueLanguage('es-MX')).toBe('es');
    expect(catalogueLanguage('AR_eg')).toBe('ar');
    expect(catalogueLanguage('en-GB')).toBeUndefined();
    expect(catalogueLanguage('fr')).toBeUndefined();
    expect(loadCatalogue('fr')).toBeUndefined();
    expect((await loadCatalogue('es-AR'))?.['code.verify']).toBe('Verificar');
    expect(directionOf('ar-SA')).toBe('rtl');
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('es')).toBe('ltr');
  });
});

function Probe({ error }: { error?: { code: string; message: string; status?: number; params?: Readonly<Record<string, string | number>> | undefined } }) {
  const t = useMessages();
  const errorText = useErrorText();
  return (
    <>
      <p data-testid="verify">{t('code.verify')}</p>
      <p data-testid="retry">{t('kit.retry')}</p>
      <p data-testid="error">{errorText(error)}</p>
    </>
  );
}

const state = (patch: Partial<MessagesState>): MessagesState => ({ locale: 'en', dir: 'ltr', catalogue: undefined, overrides: {}, ...patch });

describe('useMessages / useErrorText', () => {
  it('behavior: a host overrides one error message in English by its id', () => {
    render(
      <MessagesProvider value={state({ overrides: { 'error.invalid_code': 'That code is not right.' } })}>
        <Probe error={new LatchkeyError('invalid_code')} />
      </MessagesProvider>,
    );
    expect(screen.getByTestId('error')).toHaveTextContent('That code is not right.');
  });

  it('behavior: the locale’s catalogue is used, and a host’s single override wins over it', () => {
    render(
      <MessagesProvider value={state({ locale: 'es', catalogue: es, overrides: { 'kit.retry': 'Otra vez' } })}>
        <Probe />
      </MessagesProvider>,
    );
    expect(screen.getByTestId('verify')).toHaveTextContent('Verificar');
    expect(screen.getByTestId('retry')).toHaveTextContent('Otra vez');
  });

  it('behavior: a coded error shows in the locale with its params; the English is the SDK’s message', () => {
    const error = new LatchkeyError('social_oauth_error', { params: { provider: 'GitHub', error: 'access_denied' } });
    const { unmount } = render(
      <MessagesProvider value={state({})}>
        <Probe error={error} />
      </MessagesProvider>,
    );
    expect(screen.getByTestId('error')).toHaveTextContent(error.message);
    unmount();
    render(
      <MessagesProvider value={state({ locale: 'ar', dir: 'rtl', catalogue: ar })}>
        <Probe error={error} />
      </MessagesProvider>,
    );
    expect(screen.getByTestId('error')).toHaveTextContent('تعذّر ربط حساب GitHub الاجتماعي: access_denied');
  });

  it('error: a code the catalogue does not know, or a code without its params, shows the error’s own message', () => {
    render(
      <MessagesProvider value={state({ locale: 'es', catalogue: es })}>
        <Probe error={{ code: 'invalid_username', message: 'Usernames are 3 to 20 letters.' }} />
        <Probe error={{ code: 'social_oauth_error', message: 'Failed to connect GitHub social account: denied' }} />
      </MessagesProvider>,
    );
    const shown = screen.getAllByTestId('error').map((element) => element.textContent);
    expect(shown).toEqual(['Usernames are 3 to 20 letters.', 'Failed to connect GitHub social account: denied']);
  });

  it('behavior: mfa_invalid_request reads by its status — 403 a step-up, 400 the last required device — in the locale; English keeps the server’s words', () => {
    const stepUp = new LatchkeyError('mfa_invalid_request', { status: 403, message: 'Confirm with your second factor first: this change needs one passed in the last 5 minutes.' });
    const lastDevice = new LatchkeyError('mfa_invalid_request', { status: 400, message: 'Multi-factor authentication is required: the last second factor cannot be removed.' });
    const nothing = new LatchkeyError('mfa_invalid_request', { status: 409, message: 'There are no recovery codes to acknowledge.' });
    const shown = (value: MessagesState) => {
      const { unmount } = render(
        <MessagesProvider value={value}>
          <Probe error={stepUp} />
          <Probe error={lastDevice} />
          <Probe error={nothing} />
        </MessagesProvider>,
      );
      const texts = screen.getAllByTestId('error').map((element) => element.textContent);
      unmount();
      return texts;
    };
    expect(shown(state({}))).toEqual([stepUp.message, lastDevice.message, nothing.message]);
    expect(shown(state({ locale: 'es', catalogue: es }))).toEqual([
      'Primero confirma con tu segundo paso: este cambio necesita uno superado en los últimos 5 minutos.',
      'La verificación en dos pasos es obligatoria: no puedes quitar tu último segundo paso.',
      nothing.message,
    ]);
    const arabic = shown(state({ locale: 'ar', dir: 'rtl', catalogue: ar }));
    expect(arabic.slice(0, 2)).toEqual([ar['serverError.mfa_invalid_request.403'], ar['serverError.mfa_invalid_request.400']]);
    expect(arabic[0]).not.toBe(arabic[1]);
    expect(arabic[0]).toMatch(/[\u0600-\u06FF]/);
  });
});
