import { ensureWebBuild } from '@infra/local/web-build';

/**
 * globalSetup of the e2e project: builds web/dist once, in the main process, before any test
 * file starts a stack (files building at the same time would race on web/dist).
 */
export async function setup() {
  const started = Date.now();
  if (await ensureWebBuild()) console.log(`e2e: built web/dist in ${Date.now() - started} ms`);
}
