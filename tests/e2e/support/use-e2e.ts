import type { Page, ViewportSize } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { PHONE, startE2e, type Account, type E2e } from './browser';
import { Screen } from './screen';

export interface E2eOptions {
  /** Who the file's page is signed in as; without it the file opens its own pages (`t.e2e.newPage`). */
  account?: Account;
  /** The file's page's viewport (a phone by default). */
  viewport?: ViewportSize;
  /** Console errors the file causes on purpose (Chromium logs a 4xx answer as a failed resource load). */
  expectedErrors?: RegExp;
}

/** What the file's beforeAll fills in. */
interface Started {
  e2e?: E2e;
  page?: Page;
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is there once the file's beforeAll has run (useE2e)`);
  return value;
}

/**
 * One test file's end-to-end fixture, a Screen on its signed-in page (which enforces the strict CSP):
 * `const t = useE2e({ account: ADMIN })`, then `t.open(…)`, `t.field('Name')`, `t.e2e.stack`.
 */
export class E2eFile extends Screen {
  /** Every console error and uncaught error of the watched pages, less the expected ones: the app must run under the CSP without one. */
  readonly consoleErrors: string[] = [];

  constructor(
    private readonly state: Started,
    private readonly expectedErrors: RegExp | undefined,
  ) {
    super(() => started(state.page, 'the signed-in page (useE2e with an account)'));
  }

  /** The stack and the browser: newPage, signedInPage. */
  get e2e(): E2e {
    return started(this.state.e2e, 'the stack');
  }

  /** Collects the page's console errors into `consoleErrors`; answers the page. */
  watch = (page: Page): Page => {
    page.on('console', (message) => {
      if (message.type() === 'error' && !this.expectedErrors?.test(message.text())) this.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => this.consoleErrors.push(error.message));
    return page;
  };

  /**
   * A new page signed in as `account`, whose context bypasses the CSP because axe-core is injected
   * as an inline script (so its console is not watched).
   */
  axeScreen = async (account: Account, viewport: ViewportSize = PHONE): Promise<Screen> =>
    Screen.of(await this.e2e.signedInPage(account, { viewport, bypassCSP: true }));
}

/**
 * Starts this file's stack (its own table, the demo college) and Chromium before its tests, opens
 * its page signed in as `account` and watches that page's console; stops it all after the tests.
 */
export function useE2e({ account, viewport = PHONE, expectedErrors }: E2eOptions = {}): E2eFile {
  const state: Started = {};
  const file = new E2eFile(state, expectedErrors);
  beforeAll(async () => {
    state.e2e = await startE2e();
    if (account) state.page = file.watch(await state.e2e.signedInPage(account, { viewport }));
  });
  afterAll(async () => {
    await state.e2e?.stop();
  });
  return file;
}
