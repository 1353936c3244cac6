import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import { deleteThroughDialog } from './support/admin';
import { ADMIN, screenshot, scrollsSideways } from './support/browser';
import { useE2e } from './support/use-e2e';

/*
 * The admin's Add User screen in Chromium (360 px) against the real local stack: validation, add a
 * faculty member, the server's refusal of a second account with the same email, delete.
 */

// The duplicate email's 409 is logged by Chromium as a failed resource load.
const t = useE2e({ account: ADMIN, expectedErrors: /status of 409/ });
const { main, field, button, toast, alert, open, getData } = t;

/** Fills the form for a faculty member and presses Add User. */
async function addFaculty(username: string, email: string) {
  await field('Username').fill(username);
  await field('Email').fill(email);
  await field('Password').fill('Chalk-board-27');
  await field('User type').selectOption('faculty');
  await button('Add User').click();
}

describe('e2e admin: users', () => {
  it('Add user: validation, add a faculty member, the list hides the signed-in admin, delete through the dialog', async () => {
    await open('/dashboard/adduser', 'Add User');
    await field('Email').fill('not an email');
    await button('Add User').click();
    await main().getByText('Please enter username').waitFor();
    await main().getByText('Email address must be a valid address').waitFor();
    await main().getByText('User type must be admin or faculty').waitFor();

    await addFaculty('E2E Faculty', 'e2e.faculty@sams.local');
    await toast('User created successfully').waitFor();
    const list = main().getByRole('table', { name: 'Users' });
    await list.getByRole('cell', { name: 'e2e.faculty@sams.local', exact: true }).waitFor();
    expect(await list.getByRole('cell', { name: 'faculty@sams.local', exact: true }).count()).toBe(1);
    expect(await list.getByRole('cell', { name: ADMIN.email }).count()).toBe(0);
    expect(await scrollsSideways(t.page)).toBe(false);
    await list.scrollIntoViewIfNeeded();
    await screenshot(t.page, 'admin-users-360');

    // A second try with the same email: the server's 409 message.
    await addFaculty('E2E Faculty again', 'E2E.Faculty@sams.local');
    await alert('A user with this email already exists').waitFor();

    await deleteThroughDialog(t, list, 'e2e.faculty@sams.local', '', 'User Deleted Successfully');
    const users = await getData<PublicUser[]>('/user');
    expect(users.map((user) => user.email)).not.toContain('e2e.faculty@sams.local');
  });

  it('ran the screen under the strict CSP without a console error', () => {
    expect(t.consoleErrors).toEqual([]);
  });
});
