import { screen, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import { mockApi, type Routes } from './fake-api';
import { ADMIN_STRUCTURE } from './fixtures';
import { renderApp } from './render-app';

/** The admin screens are a lazily loaded chunk: load it once before the first test's clock starts. */
export const loadAdminScreens = () => beforeAll(() => import('@web/features/admin/components/admin-pages'));

/** An admin screen at `path` over the fake structure (plus `extra` routes), once its title shows. */
export async function openAdmin<T>(path: string, title: string, extra?: Routes<T>) {
  const api = mockApi({ ...ADMIN_STRUCTURE, ...extra });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return { api, app };
}

/** Queries inside the page's main landmark (not the navigation bar). */
export const main = () => within(screen.getByRole('main'));

/** The texts of a select's options. */
export const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The texts of a table's column headers. */
export const columnNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

/** The texts of the cells of each body row of a table. */
export const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** Types each value into the field of that label, in order (in the page's main). */
export async function typeInto(app: ReturnType<typeof renderApp>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await app.user.type(main().getByLabelText(label), value);
}

/** Presses the Add button `name`, waits for the success message `said`, and gives the body of the POST to `path`. */
export async function addedBody(opened: Awaited<ReturnType<typeof openAdmin>>, name: string, said: string, path: string) {
  await opened.app.user.click(main().getByRole('button', { name }));
  expect(await screen.findByRole('status')).toHaveTextContent(said);
  return opened.api.callsTo('POST', path)[0]!.body;
}

/** The POST calls made (a check that nothing was sent). */
export const posts = (api: ReturnType<typeof mockApi>) => api.calls.filter((call) => call.method === 'POST');
