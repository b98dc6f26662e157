import * as styles from './AccessDenied.css.js';

/** The access gate's refusals (SPEC §6/§8), by code: the flows show their sentence, this adds the project's image. */
export const ACCESS_DENIED_CODES: ReadonlySet<string> = new Set(['address_not_approved', 'address_blocked_by_gate', 'user_without_access']);

/** The first error among `errors` that is an access-gate refusal. */
export function accessDeniedError<E extends { code: string }>(errors: readonly (E | undefined)[]): E | undefined {
  return errors.find((error): error is E => error !== undefined && ACCESS_DENIED_CODES.has(error.code));
}

/** The project's two pictures for a refusal (display settings, URLs already checked). */
export interface AccessDeniedImages {
  /** `general.imageUserInAccessList`: the identity is on the access list — as blocked. */
  inAccessList: string | undefined;
  /** `general.imageUserNotInAccessList`: the identity is not on the access list's allow entries. */
  notInAccessList: string | undefined;
}

/**
 * Which picture a refusal shows, by its code (never its text):
 * - `address_blocked_by_gate` ('This address is blocked by the gate'): the address *is* on the list, as a block entry
 *   → `imageUserInAccessList`;
 * - `address_not_approved` ('This address is not approved for access') and `user_without_access` ('User does not have
 *   access': none of the user's identities is allowed) → `imageUserNotInAccessList`.
 * Each keeps its meaning: a case whose picture is not set shows none (the sentence alone), not the other one.
 */
export function accessDeniedImage(code: string, images: AccessDeniedImages): string | undefined {
  if (code === 'address_blocked_by_gate') return images.inAccessList;
  return ACCESS_DENIED_CODES.has(code) ? images.notInAccessList : undefined;
}

export interface AccessDeniedProps {
  /** The refusal's code (`address_not_approved`, `address_blocked_by_gate`, `user_without_access`). */
  code: string;
  /** The project's pictures; the one for `code` shows (see `accessDeniedImage`), else nothing renders. */
  images: AccessDeniedImages;
}

/** The project's picture for the access gate's refusal above the sign-in steps, decorative (the alert says why). */
export function AccessDenied({ code, images }: AccessDeniedProps) {
  const imageUrl = accessDeniedImage(code, images);
  if (!imageUrl) return null;
  return (
    <div className={styles.frame} data-access-denied={code}>
      <img className={styles.image} src={imageUrl} alt="" />
    </div>
  );
}
