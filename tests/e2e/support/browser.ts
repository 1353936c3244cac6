import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { startLocalStack, type LocalStack } from '@infra/local/local-stack';
import { WEB_DIST } from '@infra/local/web-build';
import { dynamoEndpoint } from '@tests/support/dynamo';
import { copyDemoTemplate } from './demo-template';

export const FACULTY = { email: 'faculty@sams.local', password: 'Faculty@12345' };
export const ADMIN = { email: 'admin@sams.local', password: 'Admin@12345' };
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export interface E2e {
  stack: LocalStack;
  browser: Browser;
  /** A new page in its own context (its own cookies) against the stack. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /**
   * A new page already signed in as `account`, on Home: the first call per account signs in through
   * the form, later calls reuse its session cookie (a login costs a deliberately slow scrypt).
   */
  signedInPage(account: Account, options?: BrowserContextOptions): Promise<Page>;
  stop(): Promise<void>;
}

/**
 * The real product for one test file: the local stack (this file's table, the demo accounts and
 * college copied from a template seeded once (./demo-template.ts), web/dist built by the
 * globalSetup) and headless Debian Chromium. Test files get it through useE2e (./use-e2e.ts).
 */
export async function startE2e(): Promise<E2e> {
  await copyDemoTemplate(dynamoEndpoint(), process.env.TABLE_NAME!);
  const stack = await startLocalStack({
    port: 0,
    dynamoEndpoint: dynamoEndpoint(),
    tableName: process.env.TABLE_NAME!,
    webDir: WEB_DIST,
    demo: true,
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const newPage = async (options: BrowserContextOptions = {}) => {
    // The app's service worker only where a test asks for it (offline marking): elsewhere each new
    // context would install it and precache the whole app, which the tests do not need.
    const context = await browser.newContext({ baseURL: stack.url, viewport: PHONE, serviceWorkers: 'block', ...options });
    context.setDefaultTimeout(10_000);
    return context.newPage();
  };
  const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();
  return {
    stack,
    browser,
    newPage,
    async signedInPage(account, options = {}) {
      const saved = sessions.get(account.email);
      const page = await newPage({ ...options, ...(saved ? { storageState: saved } : {}) });
      if (saved) {
        await page.goto('/');
        await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
      } else {
        await signIn(page, account);
        sessions.set(account.email, await page.context().storageState());
      }
      return page;
    },
    async stop() {
      await browser.close();
      await stack.stop();
    },
  };
}

export interface Account {
  email: string;
  password: string;
}

/** Signs in through the login form and waits for Home. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Mark Attendance' }).waitFor();
}

/** Saves a screenshot when E2E_SCREENSHOTS names a directory (to look at the screens by eye). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** Whether the page scrolls sideways (a layout wider than the viewport). */
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * The words of the page's table cells (headers included) that the browser broke across lines, each as
 * 'word (cell text)': a word drawn on two lines has client rects on two different lines.
 */
export const brokenWords = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll('table th, table td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(`${match[0]} (${cell.textContent?.trim()})`);
        }
      }
    }
    return broken;
  });

/** Whether the element is drawn wholly within the window's width, as the page stands (no scrolling sideways). */
export const withinWidth = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth;
  });
