import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './createEmitter.js';

describe('createEmitter', () => {
  it('default: delivers typed payloads to listeners of that type only', () => {
    const events = createEmitter();
    const parseFailed = vi.fn();
    const chain = vi.fn();
    events.on('storage.parseFailed', parseFailed);
    events.on('chain.changed', chain);
    events.emit('chain.changed', { chain: 'SOL', networkId: 103 });
    expect(chain).toHaveBeenCalledWith({ chain: 'SOL', networkId: 103 });
    expect(parseFailed).not.toHaveBeenCalled();
  });

  it('behavior: on returns an unsubscribe; off removes a listener', () => {
    const events = createEmitter();
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribe = events.on('auth.signedOut', first);
    events.on('auth.signedOut', second);
    unsubscribe();
    events.off('auth.signedOut', second);
    events.emit('auth.signedOut', { reason: 'user' });
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
  });

  it('error: a throwing listener does not stop the others and is reported', () => {
    const onListenerError = vi.fn();
    const events = createEmitter({ onListenerError });
    const after = vi.fn();
    const failure = new Error('listener bug');
    events.on('auth.expired', () => {
      throw failure;
    });
    events.on('auth.expired', after);
    events.emit('auth.expired', { expiresAt: undefined });
    expect(after).toHaveBeenCalledTimes(1);
    expect(onListenerError).toHaveBeenCalledWith(failure, 'auth.expired');
  });

  it('behavior: two emitters share nothing', () => {
    const a = createEmitter();
    const b = createEmitter();
    const listener = vi.fn();
    a.on('chain.changed', listener);
    b.emit('chain.changed', { chain: 'SOL' });
    expect(listener).not.toHaveBeenCalled();
  });
});
