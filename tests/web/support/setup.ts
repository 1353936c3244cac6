import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { takeRepliesOffContract } from './fake-api';
import { clearToasts } from '@web/lib/toast';
import { resetLoader } from '@web/lib/loading';
import { forgetMarkDrafts } from '@web/lib/offline/mark-drafts';
import { session } from '@web/lib/session';

// findBy… and waitFor wait up to 5 s (testing-library's default is 1 s): a page's first lazy chunk can
// take over 1 s to load when every core is busy (a full npm test run). A test that passes waits no longer.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts signed-out-unknown (the status check runs again), with no toasts, no loader, no marking drafts.
beforeEach(() => {
  session.reset();
  clearToasts();
  resetLoader();
  forgetMarkDrafts();
});

afterEach(() => {
  expect(takeRepliesOffContract()).toEqual([]);
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// happy-dom opens a <dialog> with showModal() (the open attribute, the close event) but knows no
// close request: Escape fires no `cancel`. This does what a browser does. The rest of a modal
// dialog (focus kept inside, the page inert) is the browser's, checked in Chromium by tests/e2e.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const dialog = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].at(-1);
  if (dialog?.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
});
