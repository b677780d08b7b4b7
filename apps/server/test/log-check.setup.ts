import { afterAll, expect } from 'vitest';
import { findLeaks, resetLogSink } from './log-sink.js';

// After every integration test file (this hook runs after the file's own, which close its apps): nothing the apps
// logged may hold a password hash, a token, a link signature, a TOTP secret or a password the file handed out.
afterAll(() => {
  const leaks = findLeaks();
  resetLogSink();
  expect(leaks, 'secrets in the log of this test file').toEqual([]);
});
