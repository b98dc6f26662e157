// `@latchkey/ui/wallets`: the wallet flows, connected — wallet sign-in (wallet-standard discovery) and sending from a
// Solana address (@solana/web3.js), the MPC wallet (its Solana signer). Their own entry: `@latchkey/ui/flows` stays free of wallet libraries.
export { WalletSignIn, type WalletSignInCustomProps, type WalletSignInProps } from './flows/WalletSignIn/WalletSignIn.js';
export { SendTransaction, type SendTransactionCustomProps, type SendTransactionProps } from './flows/SendTransaction/SendTransaction.js';
export { MpcWallet, type MpcWalletCustomProps } from './flows/MpcWallet/MpcWallet.js';
