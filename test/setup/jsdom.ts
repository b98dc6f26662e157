import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor/findBy give up after 1 s by default: too short for a lazy chunk plus a sandbox round trip on a busy 2-core
// CI machine (one that passes returns as soon as it does).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
