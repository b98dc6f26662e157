import type { CustomField, ProjectSettings, User, UserUpdate } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { assertEmailAccepted, normalizeEmail } from '../email/emailAddress.js';
import { allFields } from '../settings/settingsRules.js';
import { isFieldValueTaken, isUsernameTaken } from './checkUserField.js';
import { fieldValue, hasValue, loadUser, saveUserData, toWireUser, type Profile, type UserRecord } from './userRepository.js';
import { lockFieldValue, lockUsers } from './userLocks.js';

/** Upper bound of `JSON.stringify(user.metadata)`, in characters. */
export const MAX_METADATA_CHARS = 4096;

function fieldPath(field: CustomField): string {
  return field.type === 'standard' ? field.name : `metadata.${field.name}`;
}

/** The value rules of one field (type, select options, regex); 400 `invalid_update` naming it. */
function checkFieldValue(field: CustomField, value: unknown): void {
  const label = field.label ?? field.name;
  const fail = (message: string) => new ApiError(400, 'invalid_update', message, fieldPath(field));
  const rules = field.validationRules ?? {};
  if (field.validationType === 'checkbox') {
    if (typeof value !== 'boolean') throw fail(`${label} must be true or false.`);
    return;
  }
  if (typeof value !== 'string') throw fail(`${label} must be text.`);
  if (field.validationType === 'select') {
    const options = (rules.validOptions ?? []).map((option) => option.label);
    if (!options.includes(value)) throw fail(`${label} must be one of: ${options.join(', ')}.`);
  }
  if (rules.regex !== undefined && !new RegExp(rules.regex).test(value)) {
    throw fail(`${label} does not match the required format.`);
  }
}

export const verificationRequiredMessages = {
  email: 'Verify this e-mail address with a code before it becomes your e-mail.',
  phoneNumber: 'Verify this phone number with a code before it becomes your phone number.',
} as const;

/**
 * An e-mail or phone number enters a user only through its code flow: the profile may name one of the user's own
 * verified credentials, nothing else (`email_verification_required` / `phone_verification_required`, which says
 * nothing about whether another user has it).
 */
function assertVerifiedByUser(record: UserRecord, format: 'email' | 'phoneNumber', value: string): void {
  if (record.credentials.some((credential) => credential.format === format && credential.identifier === value)) return;
  if (format === 'email') throw new ApiError(400, 'email_verification_required', verificationRequiredMessages.email, 'email');
  throw new ApiError(400, 'phone_verification_required', verificationRequiredMessages.phoneNumber, 'phoneNumber');
}

async function assertUsernameFree(q: Queryable, ctx: SandboxContext, userId: string, username: string): Promise<void> {
  if (await isUsernameTaken(q, ctx.environmentId, userId, username)) throw new ApiError(400, 'username_already_exists', messages.usernameExists, 'username');
}

/** Checks every enabled kyc/custom field against the user as it would be after the update. */
async function checkFields(
  q: Queryable,
  ctx: SandboxContext,
  settings: ProjectSettings,
  userId: string,
  next: { profile: Profile; metadata: Record<string, unknown> },
  touched: { profile: ReadonlySet<string>; metadata: ReadonlySet<string> },
): Promise<void> {
  for (const { field } of allFields(settings)) {
    if (!field.enabled) continue;
    const value = fieldValue(field, next.profile, next.metadata);
    if (!hasValue(value)) {
      if (field.required) throw new ApiError(400, 'invalid_update', `${field.label ?? field.name} is required.`, fieldPath(field));
      continue;
    }
    // Values already stored were checked when they were written (perhaps under older rules).
    if (!(field.type === 'standard' ? touched.profile : touched.metadata).has(field.name)) continue;
    checkFieldValue(field, value);
    if (field.unique || field.validationRules?.unique) {
      await lockFieldValue(q, ctx.environmentId, field.name, value);
      if (await isFieldValueTaken(q, ctx.environmentId, userId, field, value)) throw new ApiError(400, 'custom_field_data_not_unique', messages.customFieldNotUnique, fieldPath(field));
    }
  }
}

/** PUT /users: profile fields and custom fields (in `metadata`); e-mail and phone only when verified; on any error nothing changes. */
export async function updateUser(ctx: SandboxContext, auth: Auth, update: UserUpdate): Promise<User> {
  const settings = await ctx.settings.get();
  const { metadata: metadataPatch = {}, captchaToken: _captcha, ...profilePatch } = update;
  return ctx.db.transaction(async (tx) => {
    // The user's row first: two updates (two tabs), or an update and an unlink, take turns, and the second builds on
    // what the first wrote instead of writing back the profile it read before.
    await lockUsers(tx, auth.userId);
    const record = await loadUser(tx, ctx.environmentId, auth.userId);
    if (!record) throw new ApiError(401, 'unauthorized', messages.invalidToken);

    const profile: Profile = { ...record.row.profile };
    for (const [key, value] of Object.entries(profilePatch)) {
      if (value !== undefined) profile[key] = typeof value === 'string' ? value.trim() : value;
    }
    const metadata: Record<string, unknown> = { ...record.row.metadata };
    for (const [key, value] of Object.entries(metadataPatch)) {
      if (value === null) delete metadata[key];
      else metadata[key] = typeof value === 'string' ? value.trim() : value;
    }

    if (typeof profilePatch.email === 'string' && profilePatch.email.trim() !== '') {
      const email = normalizeEmail(profilePatch.email);
      assertEmailAccepted(settings, email);
      assertVerifiedByUser(record, 'email', email);
      profile['email'] = email;
    }
    if (typeof profilePatch.phoneNumber === 'string' && profilePatch.phoneNumber.trim() !== '') {
      const phoneNumber = profilePatch.phoneNumber.replace(/[\s()-]/g, '');
      assertVerifiedByUser(record, 'phoneNumber', phoneNumber);
      profile['phoneNumber'] = phoneNumber;
    }
    const username = profile['username'];
    if (profilePatch.username !== undefined && typeof username === 'string' && username !== '') {
      await assertUsernameFree(tx, ctx, auth.userId, username);
    }
    const touched = { profile: new Set(Object.keys(profilePatch)), metadata: new Set(Object.keys(metadataPatch)) };
    await checkFields(tx, ctx, settings, auth.userId, { profile, metadata }, touched);
    if (JSON.stringify(metadata).length > MAX_METADATA_CHARS) {
      throw new ApiError(400, 'metadata_size_exceeded', `Metadata must not exceed ${MAX_METADATA_CHARS} characters.`, 'metadata');
    }

    try {
      await saveUserData(tx, auth.userId, profile, metadata);
    } catch (error) {
      // The unique index catches a username taken between the check and the write.
      if (isUniqueViolation(error)) throw new ApiError(400, 'username_already_exists', messages.usernameExists, 'username');
      throw error;
    }
    const updated = await loadUser(tx, ctx.environmentId, auth.userId);
    if (!updated) throw new Error(`User ${auth.userId} vanished during update.`);
    return toWireUser(updated, settings, { sessionId: auth.session.id });
  });
}
