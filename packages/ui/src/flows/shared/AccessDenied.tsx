import * as styles from './AccessDenied.css.js';

/** The access gate's refusals (SPEC §6/§8), by code: the flows show their sentence, this adds the project's image. */
export const ACCESS_DENIED_CODES: ReadonlySet<string> = new Set(['address_not_approved', 'address_blocked_by_gate', 'user_without_access']);

/** The first error among `errors` that is an access-gate refusal. */
export function accessDeniedError<E extends { code: string }>(errors: readonly (E | undefined)[]): E | undefined {
  return errors.find((error): error is E => error !== undefined && ACCESS_DENIED_CODES.has(error.code));
}

export interface AccessDeniedProps {
  /** The refusal's code (`address_not_approved`, `address_blocked_by_gate`, `user_without_access`). */
  code: string;
  /** `general.imageUserNotInAccessList`, checked; without it nothing renders (the sentence is the flow's). */
  imageUrl: string | undefined;
}

/** The project's "not in the access list" picture above the sign-in steps, decorative (the alert says why). */
export function AccessDenied({ code, imageUrl }: AccessDeniedProps) {
  if (!imageUrl) return null;
  return (
    <div className={styles.frame} data-access-denied={code}>
      <img className={styles.image} src={imageUrl} alt="" />
    </div>
  );
}
