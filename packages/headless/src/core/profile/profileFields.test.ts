import type { ProjectSettings, User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { checkProfileValue, needsOnboarding, onboardingFields, profileFields, profileUpdate } from './profileFields.js';

const field = (name: string, extra: Record<string, unknown> = {}) => ({ name, label: name.toUpperCase(), type: 'custom', required: false, enabled: true, position: 0, ...extra });
const settings = (overrides: Partial<ProjectSettings> = {}) =>
  ({
    kyc: [
      field('username', { type: 'standard', unique: true, validationRules: { regex: '^[a-z]{3,}$', unique: true }, position: 2 }),
      field('email', { type: 'standard', required: true, position: 0 }),
    ],
    customFields: [
      field('team', { validationType: 'select', validationRules: { validOptions: [{ label: 'Red' }, { label: 'Blue' }] }, required: true, position: 1 }),
      field('terms', { validationType: 'checkbox', validationRules: { checkboxText: 'I agree' }, position: 3 }),
      field('hidden', { enabled: false, position: 4 }),
    ],
    general: { skipOptionalKYCFieldDuringOnboarding: false },
    ...overrides,
  }) as unknown as ProjectSettings;
const user = (extra: Partial<User> = {}) => ({ id: 'u', missingFields: [{ name: 'team', required: true }, { name: 'username', required: false }, { name: 'terms', required: false }], ...extra }) as unknown as User;

describe('profileFields', () => {
  it('default: enabled fields by position, e-mail left to its code flow, kinds and rules carried', () => {
    const fields = profileFields(settings(), user({ username: 'ada', metadata: { team: 'Red' } }));
    expect(fields.map((f) => f.name)).toEqual(['team', 'username', 'terms']);
    expect(fields[0]).toMatchObject({ kind: 'select', options: ['Red', 'Blue'], required: true, storage: 'metadata', value: 'Red' });
    expect(fields[1]).toMatchObject({ kind: 'text', unique: true, pattern: '^[a-z]{3,}$', storage: 'profile', value: 'ada' });
    expect(fields[2]).toMatchObject({ kind: 'checkbox', checkboxText: 'I agree', value: undefined });
  });

  it('behavior: onboarding shows the missing fields; skipOptionalKYCFieldDuringOnboarding keeps only required ones', () => {
    expect(onboardingFields(settings(), user()).map((f) => f.name)).toEqual(['team', 'username', 'terms']);
    const skip = settings({ general: { skipOptionalKYCFieldDuringOnboarding: true } } as Partial<ProjectSettings>);
    expect(onboardingFields(skip, user()).map((f) => f.name)).toEqual(['team']);
    expect(needsOnboarding(skip, user({ missingFields: [{ name: 'username', required: false }] }))).toBe(false);
    expect(needsOnboarding(settings(), user({ missingFields: [] }))).toBe(false);
  });

  it('error: required, pattern and option problems; empty optional values pass', () => {
    const [team, username, terms] = profileFields(settings(), user());
    expect(checkProfileValue(team!, '')).toBe('required');
    expect(checkProfileValue(team!, 'Green')).toBe('option');
    expect(checkProfileValue(team!, 'Blue')).toBeUndefined();
    expect(checkProfileValue(username!, 'A1')).toBe('pattern');
    expect(checkProfileValue(username!, '')).toBeUndefined();
    expect(checkProfileValue(terms!, false)).toBeUndefined();
  });

  it('behavior: the update puts standard fields on top and custom ones in metadata, trimmed; an emptied custom field is removed', () => {
    const fields = profileFields(settings(), user());
    expect(profileUpdate(fields, { team: ' Blue ', username: ' ada ', terms: true })).toEqual({ username: 'ada', metadata: { team: 'Blue', terms: true } });
    expect(profileUpdate(fields, { team: '' })).toEqual({ metadata: { team: null } });
  });
});
