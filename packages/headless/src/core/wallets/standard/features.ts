/** Wallet-standard feature names the kit uses (the strings of `@wallet-standard/features` and `@solana/wallet-standard-features`). */
export const StandardConnect = 'standard:connect';
export const StandardDisconnect = 'standard:disconnect';
export const StandardEvents = 'standard:events';
export const SolanaSignMessage = 'solana:signMessage';
export const SolanaSignTransaction = 'solana:signTransaction';
export const SolanaSignIn = 'solana:signIn';

/** Wallet connection mode of SPEC §4. */
export type WalletConnectionMode = 'connect-only' | 'connect-and-sign';

export interface StandardConnectFeature {
  readonly version: '1.0.0';
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardAccount[] }>;
}
export interface StandardDisconnectFeature {
  readonly version: '1.0.0';
  disconnect(): Promise<void>;
}
export interface StandardEventsFeature {
  readonly version: '1.0.0';
  on(event: 'change', listener: (properties: { accounts?: readonly StandardAccount[] }) => void): () => void;
}
export interface SolanaSignMessageFeature {
  readonly version: '1.0.0' | '1.1.0';
  signMessage(...inputs: { account: StandardAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
}
export interface SolanaSignTransactionFeature {
  readonly version: '1.0.0';
  readonly supportedTransactionVersions: readonly ('legacy' | 0)[];
  signTransaction(...inputs: { account: StandardAccount; transaction: Uint8Array; chain?: string }[]): Promise<readonly { signedTransaction: Uint8Array }[]>;
}

/** The parts of a wallet-standard account the kit reads. */
export interface StandardAccount {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly string[];
  readonly features: readonly string[];
}
