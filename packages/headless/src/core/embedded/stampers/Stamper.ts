/**
 * A stamper signs the exact bytes of a custody request body (STYLE.md: one method, `stamp(body)`);
 * the header it returns travels with those bytes. Shaped like the public custody client's
 * stampers (`stampHeaderName` / `stampHeaderValue`), so either side can use the other's.
 */
export interface Stamp {
  stampHeaderName: 'X-Stamp' | 'X-Stamp-WebAuthn';
  stampHeaderValue: string;
}

export interface Stamper {
  stamp(body: string): Promise<Stamp>;
}
