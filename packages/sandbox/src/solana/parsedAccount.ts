import { getBase58Decoder } from '@solana/kit';

export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const TOKEN_ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;
const base58 = getBase58Decoder();

/** The RPC's token amount record: raw integer string, decimals, and the UI forms. */
export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

export interface TokenAccountState {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: 'uninitialized' | 'initialized' | 'frozen';
  isNative: boolean;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}

export interface MintState {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}

export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM_ID || owner === TOKEN_2022_PROGRAM_ID;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}
function key(data: Uint8Array, offset: number): string {
  return base58.decode(data.subarray(offset, offset + 32));
}
function optionalKey(data: Uint8Array, offset: number): string | null {
  return view(data).getUint32(offset, true) === 1 ? key(data, offset + 4) : null;
}

/** A token account's base layout (SPL Token and Token-2022; Token-2022 extensions are not read). */
export function decodeTokenAccount(data: Uint8Array): TokenAccountState | null {
  if (data.length !== TOKEN_ACCOUNT_SIZE && !(data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 2)) return null;
  const dv = view(data);
  const stateByte = data[108];
  if (stateByte === undefined || stateByte > 2) return null;
  return {
    mint: key(data, 0),
    owner: key(data, 32),
    amount: dv.getBigUint64(64, true),
    delegate: optionalKey(data, 72),
    state: (['uninitialized', 'initialized', 'frozen'] as const)[stateByte]!,
    isNative: dv.getUint32(109, true) === 1,
    delegatedAmount: dv.getBigUint64(121, true),
    closeAuthority: optionalKey(data, 129),
  };
}

export function decodeMint(data: Uint8Array): MintState | null {
  if (data.length !== MINT_SIZE && !(data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 1)) return null;
  const dv = view(data);
  return {
    mintAuthority: optionalKey(data, 0),
    supply: dv.getBigUint64(36, true),
    decimals: data[44]!,
    isInitialized: data[45] === 1,
    freezeAuthority: optionalKey(data, 46),
  };
}

/** Exact decimal text of `amount / 10^decimals`, trailing zeros trimmed (the RPC's uiAmountString). */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const text = uiAmountString(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}

/**
 * The `jsonParsed` form of a token-program account as the RPC renders it, or `null` when it is not one (the caller
 * then falls back to base64). `decimalsOf` reads a mint's decimals for token accounts.
 */
export function parseTokenProgramAccount(
  programOwner: string,
  data: Uint8Array,
  decimalsOf: (mint: string) => number | null,
): { program: string; parsed: unknown; space: number } | null {
  if (!isTokenProgram(programOwner)) return null;
  const program = programOwner === TOKEN_PROGRAM_ID ? 'spl-token' : 'spl-token-2022';
  const account = decodeTokenAccount(data);
  if (account && account.state !== 'uninitialized') {
    const decimals = decimalsOf(account.mint);
    if (decimals === null) return null;
    const info: Record<string, unknown> = {
      isNative: account.isNative,
      mint: account.mint,
      owner: account.owner,
      state: account.state,
      tokenAmount: uiTokenAmount(account.amount, decimals),
    };
    if (account.delegate) {
      info.delegate = account.delegate;
      info.delegatedAmount = uiTokenAmount(account.delegatedAmount, decimals);
    }
    if (account.closeAuthority) info.closeAuthority = account.closeAuthority;
    return { program, parsed: { info, type: 'account' }, space: data.length };
  }
  const mint = decodeMint(data);
  if (mint && mint.isInitialized) {
    return {
      program,
      parsed: {
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
        type: 'mint',
      },
      space: data.length,
    };
  }
  return null;
}
