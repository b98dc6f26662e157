import type { Database, Queryable } from '../db/database.js';
import type { CustodySecrets } from './secrets.js';

/** What the emulator's handlers need; built once by `startCustody`. */
export interface CustodyContext {
  readonly db: Database;
  readonly environmentId: string;
  readonly now: () => Date;
  readonly secrets: CustodySecrets;
  /** Sends an e-mail through the sandbox inbox (recovery bundles and OTP codes). */
  readonly sendEmail: (q: Queryable, message: { to: string; subject: string; text: string; code: string }) => Promise<void>;
  /**
   * While a submit runs: when it was made — its `timestampMs`, or the emulator's clock when that is earlier. An API key
   * it adds is created then, so its `expirationSeconds` ends where its request said, however late the request arrives.
   */
  readonly submittedAt?: Date;
}

/** Who signed a request, and in which relation to the organisation it names. */
export interface Principal {
  /** The organisation the request names (`organizationId` of the body). */
  readonly organizationId: string;
  /** `member`: a user of that organisation; `parent`: a user of its parent organisation. */
  readonly relation: 'member' | 'parent';
  readonly userId: string;
  readonly userName: string;
  readonly via: { readonly kind: 'apiKey'; readonly apiKeyId: string } | { readonly kind: 'webauthn'; readonly authenticatorId: string };
}
