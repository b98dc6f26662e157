/** The parts of a Sign-In-With-Solana message (EIP-4361 layout). */
export interface SiwsMessageParts {
  /** host[:port] of the page, e.g. `localhost:5173`. */
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  chainId?: string;
  nonce: string;
  issuedAt: Date;
}

/** `{domain} wants you to sign in with your Solana account:`, the address, the statement, then the field lines. */
export function createSiwsMessage(parts: SiwsMessageParts): string {
  return [
    `${parts.domain} wants you to sign in with your Solana account:`,
    parts.address,
    '',
    ...(parts.statement ? [parts.statement, ''] : []),
    `URI: ${parts.uri}`,
    'Version: 1',
    ...(parts.chainId ? [`Chain ID: ${parts.chainId}`] : []),
    `Nonce: ${parts.nonce}`,
    `Issued At: ${parts.issuedAt.toISOString()}`,
  ].join('\n');
}

/** The nonce of a Sign-In-With-Solana message, or undefined. */
export function nonceOfMessage(message: string): string | undefined {
  return /^Nonce: ([A-Za-z0-9]+)$/m.exec(message)?.[1];
}
