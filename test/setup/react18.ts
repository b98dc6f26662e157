import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { beforeAll, expect } from 'vitest';

// The React 18 project must really run React 18 (the aliases in vitest.config.ts), not fall back to 19.
beforeAll(() => {
  expect(version).toMatch(/^18\.3\./);
  expect(domVersion).toMatch(/^18\.3\./);
});
