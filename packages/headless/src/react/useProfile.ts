import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { checkUserField } from '../core/actions/checkUserField.js';
import { updateUser } from '../core/actions/updateUser.js';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../core/errors/toLatchkeyError.js';
import {
  checkProfileValue,
  onboardingFields,
  profileFields,
  profileUpdate,
  type ProfileField,
  type ProfileFieldProblem,
  type ProfileValue,
} from '../core/profile/profileFields.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useUser } from './useUser.js';

/** How long typing must pause before a unique value is checked (GET /users/check). */
export const UNIQUE_CHECK_DEBOUNCE_MS = 350;

export type ProfileStatus = 'loading' | 'signedOut' | 'ready' | 'saving' | 'saved';
/** Where the check of a unique value stands: `taken` is shown as a sentence, `failed` lets the server decide on save. */
export type FieldAvailabilityStatus = 'unchecked' | 'checking' | 'available' | 'taken' | 'failed';

export interface UseProfileParameters {
  /** `edit` (default): every enabled field; `onboarding`: only those the user still misses (see `needsOnboarding`). */
  purpose?: 'edit' | 'onboarding';
}

export interface UseProfileReturnType {
  status: ProfileStatus;
  /** The fields to show, ordered by `position`, with the values stored now. */
  fields: readonly ProfileField[];
  /** What the form holds, by field name. */
  values: Readonly<Record<string, ProfileValue | undefined>>;
  /** Per field: a problem to show (after `save` was tried, or for a taken unique value at once). */
  problems: Readonly<Record<string, ProfileFieldProblem | undefined>>;
  availability: Readonly<Record<string, FieldAvailabilityStatus>>;
  /** The signed-in user still has fields to fill in before the sign-in is complete. */
  needsOnboarding: boolean;
  /** The last failed save (cleared by the next attempt). */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** Changes one value; a unique text value is checked after `UNIQUE_CHECK_DEBOUNCE_MS`. */
  setValue(name: string, value: ProfileValue): void;
  /** Checks every value, then PUT /users; nothing is sent while a value has a problem. */
  save(): void;
  saveAsync(): Promise<boolean>;
}

type Availability = Record<string, FieldAvailabilityStatus>;

/**
 * The profile form over the project's kyc and custom fields (SPEC §3): onboarding after sign-in, or editing later.
 * Unique values are checked while typing (debounced; `taken` when another user has it), e-mail and phone are never
 * part of it (they enter through their code flows). Deleting the account is `useDeleteAccount`.
 */
export function useProfile(parameters: UseProfileParameters = {}): UseProfileReturnType {
  const purpose = parameters.purpose ?? 'edit';
  const client = useLatchkeyClient();
  const { user, status: userStatus } = useUser();
  const settings = useSyncExternalStore(client.settings.watch, client.settings.get, client.settings.get).settings;
  useEffect(() => {
    if (!settings) client.settings.load().catch(() => undefined);
  }, [client, settings]);

  // The onboarding fields are fixed when the step opens: saving one must not make it vanish mid-form.
  const onboarding = useMemo(() => (settings && user ? onboardingFields(settings, user) : []), [settings, user]);
  const frozen = useRef<ProfileField[] | undefined>(undefined);
  if (purpose === 'onboarding' && !frozen.current && onboarding.length > 0) frozen.current = onboarding;
  const fields = useMemo(
    () => (purpose === 'onboarding' ? (frozen.current ?? onboarding) : settings && user ? profileFields(settings, user) : []),
    [purpose, onboarding, settings, user],
  );

  const [edits, setEdits] = useState<Record<string, ProfileValue | undefined>>({});
  const values = useMemo(() => {
    const out: Record<string, ProfileValue | undefined> = {};
    for (const field of fields) out[field.name] = field.name in edits ? edits[field.name] : field.value;
    return out;
  }, [fields, edits]);
  const [availability, setAvailability] = useState<Availability>({});
  const [tried, setTried] = useState(false);
  const [work, setWork] = useState<{ status: 'idle' | 'saving' | 'saved'; error: LatchkeyError | undefined }>({ status: 'idle', error: undefined });
  const checks = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; abort: AbortController }>());
  useEffect(() => {
    const pending = checks.current;
    return () => {
      for (const { timer, abort } of pending.values()) {
        clearTimeout(timer);
        abort.abort();
      }
    };
  }, []);

  const setValue = useCallback(
    (name: string, value: ProfileValue) => {
      setEdits((current) => ({ ...current, [name]: value }));
      setWork((current) => (current.status === 'saved' ? { status: 'idle', error: undefined } : current));
      const field = fields.find((candidate) => candidate.name === name);
      if (!field?.unique || typeof value !== 'string') return;
      const previous = checks.current.get(name);
      if (previous) {
        clearTimeout(previous.timer);
        previous.abort.abort();
      }
      const text = value.trim();
      if (text === '' || text === field.value || checkProfileValue(field, text) !== undefined) {
        checks.current.delete(name);
        setAvailability((current) => ({ ...current, [name]: 'unchecked' }));
        return;
      }
      const abort = new AbortController();
      setAvailability((current) => ({ ...current, [name]: 'checking' }));
      const timer = setTimeout(() => {
        checkUserField(client, { field: name, value: text }, { signal: abort.signal }).then(
          (answer) => {
            if (!abort.signal.aborted) setAvailability((current) => ({ ...current, [name]: answer.available ? 'available' : 'taken' }));
          },
          () => {
            if (!abort.signal.aborted) setAvailability((current) => ({ ...current, [name]: 'failed' }));
          },
        );
      }, UNIQUE_CHECK_DEBOUNCE_MS);
      checks.current.set(name, { timer, abort });
    },
    [client, fields],
  );

  const problems = useMemo(() => {
    const out: Record<string, ProfileFieldProblem | undefined> = {};
    for (const field of fields) {
      out[field.name] = availability[field.name] === 'taken' ? 'taken' : tried ? checkProfileValue(field, values[field.name]) : undefined;
    }
    return out;
  }, [fields, values, availability, tried]);

  const saveAsync = useCallback(async (): Promise<boolean> => {
    setTried(true);
    const blocked = fields.some((field) => checkProfileValue(field, values[field.name]) !== undefined || availability[field.name] === 'taken');
    if (blocked) return false;
    setWork({ status: 'saving', error: undefined });
    try {
      await updateUser(client, profileUpdate(fields, values));
      setEdits({});
      setWork({ status: 'saved', error: undefined });
      return true;
    } catch (thrown) {
      const error = toLatchkeyErrorSync(thrown);
      if (error.code === 'username_already_exists' || error.code === 'custom_field_data_not_unique') {
        const name = (error.path ?? '').replace(/^metadata\./, '');
        if (fields.some((field) => field.name === name)) setAvailability((current) => ({ ...current, [name]: 'taken' }));
      }
      setWork({ status: 'idle', error });
      return false;
    }
  }, [client, fields, values, availability]);

  const status: ProfileStatus = userStatus === 'loading' || (user && !settings) ? 'loading' : !user ? 'signedOut' : work.status === 'idle' ? 'ready' : work.status;
  return {
    status,
    fields,
    values,
    problems,
    availability,
    needsOnboarding: onboarding.length > 0,
    error: work.error,
    isBusy: status === 'saving' || status === 'loading',
    setValue,
    save: () => void saveAsync(),
    saveAsync,
  };
}
