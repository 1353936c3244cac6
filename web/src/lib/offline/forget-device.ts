import { forgetMarkDrafts } from './mark-drafts';
import { removeDoneMarks } from './mark-queue';
import { reloadQueue } from './queue-store';

/** The service worker's copy of the app (workbox's precache): the app itself, no API answer. */
const APP_SHELL = /^workbox-precache/;

/**
 * Signed out on this device (docs/product.md §4, marking offline): every cached API answer goes, and so
 * does what the screens kept of the marks already dealt with (sent, conflict, refused). Marks still
 * waiting stay, to be reviewed by the one who made them at their next sign-in: never sent by themselves.
 * The marking form's drafts all go.
 */
export async function forgetSignedOut(): Promise<void> {
  forgetMarkDrafts();
  if (typeof caches !== 'undefined') {
    for (const name of await caches.keys()) if (!APP_SHELL.test(name)) await caches.delete(name);
  }
  await removeDoneMarks();
  await reloadQueue();
}
