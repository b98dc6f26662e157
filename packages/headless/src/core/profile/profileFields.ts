import type { CustomField, ProjectSettings, User, UserUpdate } from '@latchkey/protocol';

/** A value of a profile field as the form holds it: text (text, select) or a tick (checkbox). */
export type ProfileValue = string | boolean;

/** One field a user fills in, from an enabled kyc or custom field of the settings (SPEC §3 "Custom field"). */
export interface ProfileField {
  name: string;
  label: string;
  /** `text` (with `pattern`), `checkbox` (with `checkboxText`) or `select` (with `options`). */
  kind: 'text' | 'checkbox' | 'select';
  required: boolean;
  /** The value must be free in the environment: checked while typing (GET /users/check). */
  unique: boolean;
  pattern: string | undefined;
  options: readonly string[];
  checkboxText: string | undefined;
  position: number;
  /** `profile` for standard fields (a User property), `metadata` for custom ones. */
  storage: 'profile' | 'metadata';
  /** The value stored now (undefined when unset). */
  value: ProfileValue | undefined;
}

/** Why a value cannot be saved; the UI words each one. */
export type ProfileFieldProblem = 'required' | 'pattern' | 'option' | 'taken';

/** E-mail and phone enter a profile only through their code flows, never through this form. */
const CODE_FLOW_FIELDS = new Set(['email', 'phoneNumber']);

function storedValue(field: CustomField, user: User | undefined): ProfileValue | undefined {
  if (!user) return undefined;
  const raw = field.type === 'standard' ? (user as Record<string, unknown>)[field.name] : user.metadata?.[field.name];
  return typeof raw === 'string' || typeof raw === 'boolean' ? raw : undefined;
}

/** The enabled kyc and custom fields (e-mail and phone excluded), ordered by `position`, with the user's values. */
export function profileFields(settings: ProjectSettings, user: User | undefined): ProfileField[] {
  return [...settings.kyc, ...settings.customFields]
    .filter((field) => field.enabled && !CODE_FLOW_FIELDS.has(field.name))
    .map((field, index) => ({ field, index }))
    .sort((a, b) => (a.field.position ?? Number.MAX_SAFE_INTEGER) - (b.field.position ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
    .map(({ field }) => ({
      name: field.name,
      label: field.label ?? field.name,
      kind: field.validationType ?? 'text',
      required: field.required,
      unique: Boolean(field.unique || field.validationRules?.unique),
      pattern: field.validationRules?.regex,
      options: (field.validationRules?.validOptions ?? []).map((option) => option.label),
      checkboxText: field.validationRules?.checkboxText,
      position: field.position ?? 0,
      storage: field.type === 'standard' ? 'profile' : 'metadata',
      value: storedValue(field, user),
    }));
}

/**
 * The fields of the onboarding step: those the user still misses (`user.missingFields`), required ones always,
 * optional ones unless `general.skipOptionalKYCFieldDuringOnboarding`.
 */
export function onboardingFields(settings: ProjectSettings, user: User | undefined): ProfileField[] {
  const missing = new Map((user?.missingFields ?? []).map((entry) => [entry.name, entry.required]));
  const skipOptional = settings.general?.skipOptionalKYCFieldDuringOnboarding === true;
  return profileFields(settings, user).filter((field) => missing.has(field.name) && (field.required || !skipOptional));
}

/** Whether the user must pass the onboarding step: a required field is missing (or an optional one shown). */
export function needsOnboarding(settings: ProjectSettings, user: User | undefined): boolean {
  return onboardingFields(settings, user).length > 0;
}

/**
 * Whether a *required* field is missing: the sign-in is not complete until it is saved (the kit's dialog cannot be
 * dismissed and offers no skip). Optional fields alone never hold the session back.
 */
export function requiredFieldsMissing(settings: ProjectSettings, user: User | undefined): boolean {
  return onboardingFields(settings, user).some((field) => field.required);
}

const isEmpty = (value: ProfileValue | undefined) => value === undefined || value === '' || value === false;

/** The problem of one value, before any request (uniqueness is the server's: see GET /users/check). */
export function checkProfileValue(field: ProfileField, value: ProfileValue | undefined): ProfileFieldProblem | undefined {
  if (isEmpty(value)) return field.required ? 'required' : undefined;
  if (field.kind === 'checkbox') return undefined;
  const text = String(value).trim();
  if (field.kind === 'select' && !field.options.includes(text)) return 'option';
  if (field.pattern !== undefined && !new RegExp(field.pattern).test(text)) return 'pattern';
  return undefined;
}

/**
 * The PUT /users body for `values` (by field name): standard fields at the top level, custom ones in `metadata`;
 * text trimmed; an emptied optional custom field removed (`null`), an emptied standard one sent as ''.
 */
export function profileUpdate(fields: readonly ProfileField[], values: Readonly<Record<string, ProfileValue | undefined>>): UserUpdate {
  const update: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field.name in values)) continue;
    const raw = values[field.name];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (field.storage === 'metadata') metadata[field.name] = value === undefined || value === '' ? null : value;
    else update[field.name] = value ?? (field.kind === 'checkbox' ? false : '');
  }
  if (Object.keys(metadata).length > 0) update['metadata'] = metadata;
  return update as UserUpdate;
}
