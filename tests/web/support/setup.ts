import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '@web/lib/toast';
import { resetLoader } from '@web/lib/loading';
import { session } from '@web/lib/session';

// Each test starts signed-out-unknown (the status check runs again), with no toasts, no loader.
beforeEach(() => {
  session.reset();
  clearToasts();
  resetLoader();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
