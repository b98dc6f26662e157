import type { LatchkeyEvents } from '../events/createEmitter.js';

/** An analytics event's name and properties (SPEC §3); the queue adds `anonymousId` and `type: 'track'`. */
export interface TrackedEvent {
  event: string;
  properties: Record<string, string | number | boolean | string[]>;
}

const withProvider = (provider: string | undefined): Record<string, string> => (provider ? { provider } : {});

/**
 * The analytics event of a client event: the lifecycle moments (sign-in started, succeeded, failed; signed out;
 * session expired; wallet connected, linked, unlinked; embedded wallet created; MFA enrolled; credential linked).
 * Other events (storage, chain) and restored sessions are not tracked. Properties name the method, provider, wallet
 * or error code — never an address, an e-mail, a user id or a token.
 */
export function toAnalyticsEvent<K extends keyof LatchkeyEvents>(type: K, payload: LatchkeyEvents[K]): TrackedEvent | undefined {
  const event = payload as LatchkeyEvents[keyof LatchkeyEvents];
  switch (type) {
    case 'auth.signInStarted': {
      const { method, provider } = event as LatchkeyEvents['auth.signInStarted'];
      return { event: 'signInStarted', properties: { method, ...withProvider(provider) } };
    }
    case 'auth.signInFailed': {
      const { method, provider, code } = event as LatchkeyEvents['auth.signInFailed'];
      return { event: 'signInFailed', properties: { method, code, ...withProvider(provider) } };
    }
    case 'auth.signedIn': {
      const { restored, user } = event as LatchkeyEvents['auth.signedIn'];
      return restored ? undefined : { event: 'signInSucceeded', properties: { newUser: user.newUser === true } };
    }
    case 'auth.signedOut':
      return { event: 'signedOut', properties: { reason: (event as LatchkeyEvents['auth.signedOut']).reason } };
    case 'auth.expired':
      return { event: 'sessionExpired', properties: {} };
    case 'wallet.connected': {
      const { walletName, silent } = event as LatchkeyEvents['wallet.connected'];
      return { event: 'walletConnected', properties: { walletName, silent } };
    }
    case 'wallet.linked': {
      const { walletName, chain, transferred } = event as LatchkeyEvents['wallet.linked'];
      return { event: 'walletLinked', properties: { ...(walletName ? { walletName } : {}), ...(chain ? { chain } : {}), transferred } };
    }
    case 'wallet.unlinked':
      return { event: 'walletUnlinked', properties: {} };
    case 'embeddedWallet.created': {
      const { kind, chains } = event as LatchkeyEvents['embeddedWallet.created'];
      return { event: 'embeddedWalletCreated', properties: { kind, chains } };
    }
    case 'mfa.enrolled':
      return { event: 'mfaEnrolled', properties: { type: (event as LatchkeyEvents['mfa.enrolled']).type } };
    case 'credential.linked': {
      const { kind, provider } = event as LatchkeyEvents['credential.linked'];
      return { event: 'credentialLinked', properties: { kind, ...withProvider(provider) } };
    }
    default:
      return undefined;
  }
}
