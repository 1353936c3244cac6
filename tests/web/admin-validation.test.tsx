import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadAdminScreens, main, openAdmin, posts, typeInto } from './support/admin';

loadAdminScreens();

describe('admin: validation messages (shared schemas) next to their fields, and nothing sent', () => {
  it.each([
    ['/dashboard/semester', 'Semester', 'Add Semester', 'Enter Semester'],
    ['/dashboard/division', 'Division', 'Add Division', 'Please enter division'],
    ['/dashboard/batch', 'Batch', 'Add Batch', 'Please enter batch'],
    ['/dashboard/course', 'Course', 'Add Course', 'Please enter course'],
    ['/dashboard/slot', 'Slot', 'Add Slot', 'Please enter slot'],
  ])('%s: an empty name shows %s → %s', async (path, title, add, message) => {
    const { api, app } = await openAdmin(path, title);
    await app.user.click(main().getByRole('button', { name: add }));
    const name = main().getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(message);
    expect(name).toHaveFocus();
    expect(posts(api)).toHaveLength(0);
  });

  it("Term: name and status are required, each saying 'This field is required'", async () => {
    const { api, app } = await openAdmin('/dashboard/term', 'Term');
    await app.user.click(main().getByRole('button', { name: 'Add Term' }));
    expect(main().getByLabelText('Name')).toHaveAccessibleDescription('This field is required');
    expect(main().getByLabelText('Status')).toHaveAccessibleDescription('This field is required');
    expect(main().getByLabelText('Name')).toHaveFocus();
    expect(posts(api)).toHaveLength(0);

    // Each message goes once its field is filled.
    await app.user.type(main().getByLabelText('Name'), '2027-28 Odd Term');
    expect(main().getByLabelText('Name')).not.toHaveAccessibleDescription();
    expect(main().getByLabelText('Status')).toHaveAccessibleDescription('This field is required');
  });

  it('Add user: username, a valid email and the user type are required, and a password typed must be 8+', async () => {
    const { api, app } = await openAdmin('/dashboard/adduser', 'Add User');
    await typeInto(app, { Email: 'not-an-email', Password: 'short' });
    await app.user.click(main().getByRole('button', { name: 'Add User' }));
    expect(main().getByLabelText('Username')).toHaveAccessibleDescription('Please enter username');
    expect(main().getByLabelText('Email')).toHaveAccessibleDescription('Email address must be a valid address');
    expect(main().getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters. Leave empty to email them a link to set their own password Password must be at least 8 characters',
    );
    expect(main().getByLabelText('User type')).toHaveAccessibleDescription('User type must be admin or faculty');
    expect(main().getByLabelText('Username')).toHaveFocus();
    expect(posts(api)).toHaveLength(0);
  });

  it('a parent select that has nothing to choose says so and is required', async () => {
    const { app } = await openAdmin('/dashboard/batch', 'Batch', { 'GET /division/s3': { data: [] } });
    await app.user.type(main().getByLabelText('Name'), 'Batch 9Z');
    await waitFor(() => expect(main().getByLabelText('Division')).toHaveDisplayValue('No division found'));
    await app.user.click(main().getByRole('button', { name: 'Add Batch' }));
    expect(main().getByLabelText('Division')).toHaveAccessibleDescription('Please select a division');
  });

  it('Get needs only the parent: an empty name is fine, a missing parent is not', async () => {
    const { api, app } = await openAdmin('/dashboard/batch', 'Batch', { 'GET /division/s3': { data: [] } });
    await waitFor(() => expect(main().getByLabelText('Division')).toHaveDisplayValue('No division found'));
    await app.user.click(main().getByRole('button', { name: 'Get Batch' }));
    expect(main().getByLabelText('Division')).toHaveAccessibleDescription('Please select a division');
    expect(main().getByLabelText('Division')).toHaveFocus();
    expect(main().getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(api.calls.filter((call) => call.path.startsWith('/batch/'))).toHaveLength(0);
  });
});
