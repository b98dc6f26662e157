import { getAccount, getAssociatedTokenAddressSync, getMint, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sandboxInfoSchema } from '../sandboxInfo.js';
import { airdrop, mintTokenTo } from '@latchkey/sandbox/testing';

const sandboxUrl = inject('sandboxUrl');
let rpcUrl: string;
let connection: Connection;
beforeAll(async () => {
  rpcUrl = sandboxInfoSchema.parse(await (await fetch(`${sandboxUrl}/sandbox/info`)).json()).solanaRpcUrl;
  connection = new Connection(rpcUrl, 'confirmed');
});

describe('@latchkey/sandbox/testing Solana fixtures (against the sandbox cluster)', () => {
  it('default: airdrop funds an address and resolves once it is confirmed', async () => {
    const address = Keypair.generate().publicKey;
    const signature = await airdrop(rpcUrl, address.toBase58(), 3n * BigInt(LAMPORTS_PER_SOL));
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await connection.getBalance(address, 'confirmed')).toBe(3 * LAMPORTS_PER_SOL);
    await airdrop(rpcUrl, address.toBase58(), 5);
    expect(await connection.getBalance(address, 'confirmed')).toBe(3 * LAMPORTS_PER_SOL + 5);
  });

  it("default: mintTokenTo creates a mint and puts the amount in the owner's associated token account (read back with spl-token)", async () => {
    const owner = Keypair.generate().publicKey;
    const { mint, tokenAccount, mintAuthority } = await mintTokenTo(rpcUrl, { owner: owner.toBase58(), amount: 1_234_500n, decimals: 6 });
    const mintKey = new PublicKey(mint);
    expect(tokenAccount).toBe(getAssociatedTokenAddressSync(mintKey, owner).toBase58());
    const mintInfo = await getMint(connection, mintKey, 'confirmed', TOKEN_PROGRAM_ID);
    expect(mintInfo).toMatchObject({ decimals: 6, supply: 1_234_500n, isInitialized: true, freezeAuthority: null });
    expect(mintInfo.mintAuthority?.toBase58()).toBe(mintAuthority.publicKey.toBase58());
    const account = await getAccount(connection, new PublicKey(tokenAccount), 'confirmed');
    expect(account.owner.toBase58()).toBe(owner.toBase58());
    expect(account.amount).toBe(1_234_500n);
    // As the kit reads balances: token accounts by owner, jsonParsed.
    const { value } = await connection.getParsedTokenAccountsByOwner(owner, { mint: mintKey }, 'confirmed');
    expect(value.map((entry) => entry.account.data.parsed.info.tokenAmount.uiAmountString)).toEqual(['1.2345']);
    // The owner needs no SOL: the mint's payer paid for everything.
    expect(await connection.getBalance(owner, 'confirmed')).toBe(0);
  });

  it('behavior: two mints to one owner are two tokens, each in its own account', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const first = await mintTokenTo(rpcUrl, { owner, amount: 1, decimals: 0 });
    const second = await mintTokenTo(rpcUrl, { owner, amount: 10n ** 18n, decimals: 9 });
    expect(first.mint).not.toBe(second.mint);
    const { value } = await connection.getParsedTokenAccountsByOwner(new PublicKey(owner), { programId: TOKEN_PROGRAM_ID }, 'confirmed');
    expect(value.map((entry) => entry.account.data.parsed.info.tokenAmount.amount).sort()).toEqual(['1', '1000000000000000000']);
  });

  it('error: bad input is refused before anything is sent', async () => {
    const address = Keypair.generate().publicKey.toBase58();
    await expect(airdrop(rpcUrl, 'not-an-address', 1)).rejects.toThrow(new TypeError('address must be a base58 Solana address, got "not-an-address"'));
    await expect(airdrop(rpcUrl, address, 0)).rejects.toThrow(RangeError);
    await expect(airdrop(rpcUrl, address, 1.5)).rejects.toThrow(new RangeError('lamports must be a whole number, got 1.5'));
    await expect(airdrop(rpcUrl, address, 2_000_000_000_000n)).rejects.toThrow(new RangeError('lamports must be between 1 and 1000000000000, got 2000000000000'));
    await expect(airdrop('nope', address, 1)).rejects.toThrow(new TypeError('rpcUrl must be a URL, got "nope"'));
    await expect(mintTokenTo(rpcUrl, { owner: address, amount: 1, decimals: 256 })).rejects.toThrow(RangeError);
    await expect(mintTokenTo(rpcUrl, { owner: address, amount: -1n, decimals: 6 })).rejects.toThrow(RangeError);
    await expect(mintTokenTo(rpcUrl, { owner: address, amount: 2n ** 64n, decimals: 6 })).rejects.toThrow(RangeError);
    await expect(mintTokenTo(rpcUrl, { owner: '0OIl', amount: 1, decimals: 6 })).rejects.toThrow(TypeError);
    expect(await connection.getBalance(new PublicKey(address), 'confirmed')).toBe(0);
  });
});
