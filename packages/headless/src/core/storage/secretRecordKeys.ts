/**
 * The kit's stored records that are secrets — the one list that says so, named by value like `USER_RECORD_KEYS` (all of
 * them are user records, which a sign-out removes): the mobile wallet's connection (its dapp secret key, which
 * opens the wallet's traffic, and the wallet's session) and a connect request on its way (a fresh key pair), a
 * signature brought back and not yet picked up, a redirect wallet's sign-in under way (the message its wallet signs)
 * and a social redirect under way (the PKCE verifier and state that turn the provider's code into a session). With
 * `storage: 'cookie'` the store keeps them in local storage (`createStore`'s `secretAdapter`), never in a JavaScript
 * cookie: that goes with every request to the host, to every path and for 30 days, and a sibling subdomain can set one
 * the flow would trust on its way back.
 */
export const SECRET_RECORD_KEYS: readonly string[] = ['mobileWallet:connection', 'mobileWallet:pending', 'mobileWallet:result', 'mobileWallet:signIn', 'socialRedirect'];
