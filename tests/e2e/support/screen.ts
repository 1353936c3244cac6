import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { answerJson } from './wire';

/**
 * One page seen as a user sees it: its parts found by role, label and text (never by CSS class),
 * and the steps every screen shares. The methods are arrow properties, so they can be destructured.
 */
export class Screen {
  /** `page` is asked for at each call: a file's page exists only once its beforeAll has run. */
  constructor(private readonly current: () => Page) {}

  static of(page: Page): Screen {
    return new Screen(() => page);
  }

  get page(): Page {
    return this.current();
  }

  /** The main landmark: the screen's own content, without the navigation bar and the toasts. */
  main = (): Locator => this.page.getByRole('main');

  /** A form control of the main content, by its exact label. */
  field = (label: string): Locator => this.main().getByLabel(label, { exact: true });

  /** A button of the main content, by its exact name. */
  button = (name: string): Locator => this.main().getByRole('button', { name, exact: true });

  /** A success message (role status) holding the text: a toast, or a banner of the screen. */
  toast = (text: string): Locator => this.page.getByRole('status').filter({ hasText: text });

  /** An error message (role alert) holding the text. */
  alert = (text: string): Locator => this.page.getByRole('alert').filter({ hasText: text });

  /** The open dialog of that name. */
  dialog = (name = 'Are you sure ?'): Locator => this.page.getByRole('dialog', { name });

  /** Goes to `path` and waits for its level-1 heading. */
  open = async (path: string, title: string): Promise<void> => {
    await this.page.goto(path);
    await this.page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  };

  /** GET /api/v1{path} with the page's session cookie: the answer's `data` (which must come with 200). */
  getData = async <T>(path: string): Promise<T> => {
    const response = await this.page.request.get(`/api/v1${path}`);
    expect(response.status(), path).toBe(200);
    return (await answerJson<{ data: T }>(response)).data;
  };
}

/** Whether the element has the keyboard focus. */
export const isFocused = (element: Locator): Promise<boolean> => element.evaluate((node) => node === document.activeElement);

/** Whether the element can take the focus (it cannot when inert, e.g. behind a modal dialog); focus is left where it was. */
export const canTakeFocus = (element: Locator): Promise<boolean> =>
  element.evaluate((node: HTMLElement) => {
    const before = document.activeElement;
    node.focus();
    const took = document.activeElement === node;
    if (took && before instanceof HTMLElement) before.focus();
    return took;
  });

/** What a screen reader announces with a field: the texts its aria-describedby points at (hint, validation message). */
export const descriptionOf = (field: Locator): Promise<string> =>
  field.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );

/** The text of a select's chosen option. */
export const chosen = (select: Locator): Promise<string | null> => select.locator('option:checked').textContent();
