import { projectSettingsSchema, userProfileFields, type CustomField, type ProjectSettings } from '@latchkey/protocol';
import { ApiError } from '../../errors/ApiError.js';
import { invalidRequestFromZod } from '../../errors/zodIssue.js';

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep merge for settings patches: objects merge key by key, arrays and scalars replace,
 * and `null` deletes the key. Neither input is modified.
 */
export function deepMerge(base: Json, patch: Json): Json {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch;
  const out: Record<string, Json> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = deepMerge(base[key], value);
  }
  return out;
}

/** Keys present in `input` that the schema dropped from `output` (typos in a patch). */
function findUnknownKey(input: Json, output: Json, path: string): string | undefined {
  if (Array.isArray(input) && Array.isArray(output)) {
    for (let i = 0; i < input.length; i++) {
      const found = findUnknownKey(input[i], output[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return undefined;
  for (const key of Object.keys(input)) {
    const keyPath = path === '' ? key : `${path}.${key}`;
    if (!(key in output)) return keyPath;
    const found = findUnknownKey(input[key], output[key], keyPath);
    if (found) return found;
  }
  return undefined;
}

/** Every custom field (kyc first, then customFields) with where it sits in the settings. */
export function allFields(settings: ProjectSettings): { field: CustomField; path: string }[] {
  return [
    ...settings.kyc.map((field, i) => ({ field, path: `kyc[${i}]` })),
    ...settings.customFields.map((field, i) => ({ field, path: `customFields[${i}]` })),
  ];
}

const profileFieldNames = new Set(Object.keys(userProfileFields).filter((name) => name !== 'metadata'));

/**
 * Regex and option rules, checked on the raw candidate before the schema so that they fail with
 * their own SPEC §8 codes (`invalid_regex`, `repeated_options`) rather than a generic one.
 */
function checkRuleCodes(candidate: Json): void {
  if (!isPlainObject(candidate)) return;
  for (const list of ['kyc', 'customFields'] as const) {
    const fields = candidate[list];
    if (!Array.isArray(fields)) continue;
    fields.forEach((field: Json, index) => {
      const rules = isPlainObject(field) ? field['validationRules'] : undefined;
      if (!isPlainObject(rules)) return;
      const name = isPlainObject(field) ? String(field['name']) : '?';
      const path = `${list}[${index}].validationRules`;
      if (typeof rules['regex'] === 'string') {
        try {
          new RegExp(rules['regex']);
        } catch {
          throw new ApiError(400, 'invalid_regex', `Custom field "${name}" has an invalid regex.`, `${path}.regex`);
        }
      }
      const options = rules['validOptions'];
      if (Array.isArray(options)) {
        const labels = options.map((option: Json) => (isPlainObject(option) ? option['label'] : undefined));
        if (new Set(labels).size !== labels.length) {
          throw new ApiError(400, 'repeated_options', `Custom field "${name}" repeats an option.`, `${path}.validOptions`);
        }
      }
    });
  }
}

/** Rules across fields that the schema cannot express. */
function checkFieldNames(settings: ProjectSettings): void {
  const seen = new Set<string>();
  for (const { field, path } of allFields(settings)) {
    if (seen.has(field.name)) {
      throw new ApiError(400, 'custom_field_not_unique', `Custom field "${field.name}" is defined more than once.`, `${path}.name`);
    }
    seen.add(field.name);
    if (field.type === 'standard' && !profileFieldNames.has(field.name)) {
      throw new ApiError(400, 'invalid_request', `Standard field "${field.name}" is not a user profile field.`, `${path}.name`);
    }
  }
}

/** Parses candidate settings: schema, no unknown keys, field rules. Throws `ApiError` (400). */
export function validateSettings(candidate: Json): ProjectSettings {
  checkRuleCodes(candidate);
  const parsed = projectSettingsSchema.safeParse(candidate);
  if (!parsed.success) throw invalidRequestFromZod(parsed.error, 'Settings');
  const unknownKey = findUnknownKey(candidate, parsed.data, '');
  if (unknownKey) throw new ApiError(400, 'invalid_request', `${unknownKey}: unknown settings key.`, unknownKey);
  checkFieldNames(parsed.data);
  return parsed.data;
}

const SECONDS_PER_UNIT = { minutes: 60, hours: 3600, days: 86_400 } as const;
export const DEFAULT_JWT_DURATION_S = 2 * 3600;

/** Session token lifetime from `security.jwtDuration` (default 2 hours). */
export function jwtDurationSeconds(settings: ProjectSettings): number {
  const duration = settings.security.jwtDuration;
  return duration ? duration.amount * SECONDS_PER_UNIT[duration.unit] : DEFAULT_JWT_DURATION_S;
}

/** Settings as the kit receives them: server-side secrets (provider `clientSecret`) removed. */
export function toPublicSettings(settings: ProjectSettings): ProjectSettings {
  return { ...settings, providers: settings.providers.map(({ clientSecret: _secret, ...provider }) => provider) };
}
