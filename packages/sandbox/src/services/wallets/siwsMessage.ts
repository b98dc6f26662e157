/**
 * Sign-In-With-Solana messages: the EIP-4361 layout with "Solana account".
 *
 * ```
 * {domain} wants you to sign in with your Solana account:
 * {address}
 *
 * {statement}
 *
 * URI: {uri}
 * Version: 1
 * Chain ID: {chainId}
 * Nonce: {nonce}
 * Issued At: {issuedAt}
 * ```
 */
export interface SiwsMessage {
  domain: string;
  address: string;
  statement: string | undefined;
  uri: string;
  version: string;
  chainId: string | undefined;
  nonce: string;
  issuedAt: string;
  expirationTime: string | undefined;
  notBefore: string | undefined;
  requestId: string | undefined;
}

const HEADER = /^(\S+) wants you to sign in with your Solana account:$/;
const FIELDS = {
  URI: 'uri',
  Version: 'version',
  'Chain ID': 'chainId',
  Nonce: 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
  'Request ID': 'requestId',
} as const;

/** The message's parts, or a reason it is not a Sign-In-With-Solana message. */
export function parseSiwsMessage(text: string): { ok: true; message: SiwsMessage } | { ok: false; reason: string } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const header = HEADER.exec(lines[0] ?? '');
  if (!header) return { ok: false, reason: 'The message must start with "{domain} wants you to sign in with your Solana account:".' };
  const address = lines[1]?.trim() ?? '';
  if (address === '') return { ok: false, reason: 'The message must name the address on its second line.' };
  let index = 2;
  let statement: string | undefined;
  if (lines[index] === '' && lines[index + 1] !== undefined && !lines[index + 1]!.startsWith('URI: ')) {
    statement = lines[index + 1];
    index += 2;
  }
  if (lines[index] === '') index += 1;
  const fields: Record<string, string> = {};
  for (; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line === '' && index === lines.length - 1) break;
    const separator = line.indexOf(': ');
    const key = separator === -1 ? undefined : (FIELDS as Record<string, string>)[line.slice(0, separator)];
    if (!key || key in fields) return { ok: false, reason: `Unexpected line in the message: "${line.slice(0, 60)}".` };
    fields[key] = line.slice(separator + 2);
  }
  for (const required of ['uri', 'version', 'nonce', 'issuedAt'] as const) {
    if (!fields[required]) return { ok: false, reason: `The message has no ${Object.entries(FIELDS).find(([, name]) => name === required)![0]} line.` };
  }
  return {
    ok: true,
    message: {
      domain: header[1]!,
      address,
      statement,
      uri: fields['uri']!,
      version: fields['version']!,
      chainId: fields['chainId'],
      nonce: fields['nonce']!,
      issuedAt: fields['issuedAt']!,
      expirationTime: fields['expirationTime'],
      notBefore: fields['notBefore'],
      requestId: fields['requestId'],
    },
  };
}
