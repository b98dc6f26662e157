// The program addresses the kit reads by (base58, as `@solana/spl-token` names them): the wallet panel's balances and
// activity ask the node with these, so they need neither web3.js nor spl-token.

/** The SPL Token program (`TOKEN_PROGRAM_ID` of @solana/spl-token). */
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** The Token-2022 program (`TOKEN_2022_PROGRAM_ID` of @solana/spl-token). */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
