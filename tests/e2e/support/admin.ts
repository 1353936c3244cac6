import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { canTakeFocus, isFocused, type Screen } from './screen';

/** The Delete button of a list's row of this name. */
export const deleteButton = (list: Locator, name: string): Locator => list.getByRole('button', { name: `Delete ${name}`, exact: true });

/**
 * Deletes a row through 'Are you sure ?'. The dialog is modal (the row behind cannot take focus),
 * says what goes with it (`goesWith`; '' for nothing) and starts on Cancel; Delete shows `message`
 * and the row goes.
 */
export async function deleteThroughDialog(screen: Screen, list: Locator, name: string, goesWith: string, message: string): Promise<void> {
  await deleteButton(list, name).click();
  const confirm = screen.dialog();
  await confirm.waitFor();
  await expect.poll(() => confirm.getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true);
  if (goesWith) await confirm.getByText(goesWith, { exact: true }).waitFor();
  else expect(await confirm.getByText(/Also deleted/).count()).toBe(0);
  await expect.poll(() => isFocused(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
  expect(await canTakeFocus(deleteButton(list, name))).toBe(false);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await screen.toast(message).waitFor();
  await confirm.waitFor({ state: 'hidden' });
  await deleteButton(list, name).waitFor({ state: 'detached' });
}

/**
 * Presses `Add <thing>` with the form empty and waits for `required`; then adds each name in turn,
 * each with '<thing> added successfully'.
 */
export async function addByName(
  screen: Screen,
  thing: string,
  required: string,
  names: string[],
  fields: Record<string, string> = {},
): Promise<void> {
  await screen.button(`Add ${thing}`).click();
  await screen.main().getByText(required).waitFor();
  for (const [label, value] of Object.entries(fields)) await screen.field(label).fill(value);
  for (const name of names) {
    await screen.field('Name').fill(name);
    await screen.button(`Add ${thing}`).click();
    await screen.toast(`${thing} added successfully`).waitFor();
  }
}
