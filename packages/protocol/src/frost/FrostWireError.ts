/** A malformed package: a field is not the hex, length or shape the wire protocol says. */
export class FrostWireError extends Error {
  override readonly name = 'FrostWireError';
}

/**
 * A participant's package failed verification (a proof of knowledge, a share against its
 * commitments, a signature share, a dealer's commitment): the ceremony must abort, naming `culprit`.
 */
export class FrostCulpritError extends Error {
  override readonly name = 'FrostCulpritError';
  constructor(
    readonly culprit: string,
    message: string,
  ) {
    super(message);
  }
}
