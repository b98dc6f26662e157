/**
 * What a code flow (e-mail or SMS) is for. `signIn` (default): the code signs in (`…/signin`).
 * `verify`: the code adds the e-mail or number to the signed-in user (`…/verify`, bearer); the session
 * stays signed in throughout and takes the answer's refreshed token and user.
 */
export type VerificationPurpose = 'signIn' | 'verify';
