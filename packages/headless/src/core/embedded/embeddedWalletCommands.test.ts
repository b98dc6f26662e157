import { describe, expect, it } from 'vitest';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { createEmbeddedWalletCommands } from './embeddedWalletCommands.js';

describe('createEmbeddedWalletCommands', () => {
  it('behavior: busy while a command runs, every subscriber told; the result is returned', async () => {
    const commands = createEmbeddedWalletCommands();
    const seen: number[] = [];
    commands.subscribe(() => seen.push(commands.getSnapshot().busy));
    let finish: (value: string) => void = () => {};
    const running = commands.run(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(commands.getSnapshot().busy).toBe(1);
    finish('done');
    await expect(running).resolves.toBe('done');
    expect(commands.getSnapshot()).toEqual({ busy: 0, error: undefined, awaitingRecoveryCode: false });
    expect(seen).toEqual([1, 0]);
  });

  it('error: a failure lands in `error` as a LatchkeyError (the command resolves undefined); the next command clears it', async () => {
    const commands = createEmbeddedWalletCommands();
    await expect(commands.run(() => Promise.reject(new LatchkeyError('no_custody_account')))).resolves.toBeUndefined();
    expect(commands.getSnapshot().error?.code).toBe('no_custody_account');
    expect(commands.getSnapshot().busy).toBe(0);
    const next = commands.run(async () => 1);
    expect(commands.getSnapshot().error).toBeUndefined();
    await next;
  });

  it('behavior: awaitingRecoveryCode is set only when its command succeeds; an unsubscribed listener hears nothing', async () => {
    const commands = createEmbeddedWalletCommands();
    let heard = 0;
    const unsubscribe = commands.subscribe(() => (heard += 1));
    await commands.run(() => Promise.reject(new Error('offline')), { awaitingRecoveryCode: true });
    expect(commands.getSnapshot().awaitingRecoveryCode).toBe(false);
    await commands.run(async () => undefined, { awaitingRecoveryCode: true });
    expect(commands.getSnapshot().awaitingRecoveryCode).toBe(true);
    unsubscribe();
    const before = heard;
    await commands.run(async () => undefined, { awaitingRecoveryCode: false });
    expect(heard).toBe(before);
    expect(commands.getSnapshot().awaitingRecoveryCode).toBe(false);
  });
});
