import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { uncompressedP256 } from './bundle.js';
import type { CustodyContext, Principal } from './CustodyContext.js';

/**
 * The submit routes of the emulator (`/public/v1/submit/{name}`): one entry per route with the
 * activity type it accepts, its parameters, who may submit it (a user of the organisation, or
 * also the parent organisation), whether a consensus policy can hold it, and what it does.
 */
export interface SubmitHandler<P extends z.ZodType = z.ZodType> {
  /** `ACTIVITY_TYPE_<type>` with an optional `_V<n>` suffix. */
  readonly type: string;
  readonly resultKey: string;
  readonly parameters: P;
  readonly parentMayUse: boolean;
  /** Signing and export activities wait for consensus when a policy asks for more approvers. */
  readonly consensus: boolean;
  run(ctx: CustodyContext, q: Queryable, principal: Principal, parameters: z.output<P>): Promise<Record<string, unknown>>;
}

/** Types `run`'s parameters from the schema, then forgets them: the table holds handlers of any parameters. */
export const submitHandler = <P extends z.ZodType>(definition: SubmitHandler<P>): SubmitHandler => definition as unknown as SubmitHandler;

/** The caller's P-256 target key (hex) that a bundle is encrypted to. */
export const targetPublicKeySchema = z.string().refine((value) => {
  try {
    uncompressedP256(value);
    return true;
  } catch {
    return false;
  }
}, { message: 'must be a P-256 public key in hex' });
