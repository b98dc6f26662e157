import { Buffer } from 'buffer';
import { afterEach, describe, expect, it } from 'vitest';
import { provideBufferGlobal } from './provideBufferGlobal.js';

const scope = globalThis as { Buffer?: unknown };
const nodeBuffer = scope.Buffer;
afterEach(() => {
  scope.Buffer = nodeBuffer;
});

describe('provideBufferGlobal', () => {
  it('behavior: where the global is missing (a browser) it provides the buffer package, which spl-token code can use', () => {
    delete scope.Buffer;
    provideBufferGlobal();
    expect(scope.Buffer).toBe(Buffer);
    expect((scope.Buffer as typeof Buffer).alloc(3)).toHaveLength(3);
  });

  it('behavior: an existing global (Node, or a host polyfill) is left alone', () => {
    const hostBuffer = { host: true };
    scope.Buffer = hostBuffer;
    provideBufferGlobal();
    expect(scope.Buffer).toBe(hostBuffer);
  });
});
