import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { loadAdminScreens, main, openAdmin, posts, typeInto } from './support/admin';

loadAdminScreens();

/** Look-alike names on the screens: invisible characters are refused beside their field, look-alikes (409) in the banner. */
describe('admin forms: invisible characters and look-alikes', () => {
  it('Semester: a name with a zero-width space is refused beside the field, and nothing is sent', async () => {
    const { api, app } = await openAdmin('/dashboard/semester', 'Semester');
    await waitFor(() => expect(main().getByLabelText('Term')).toHaveValue('t1'));
    await app.user.type(main().getByLabelText('Name'), 'Semester\u200b 3');
    await app.user.click(main().getByRole('button', { name: 'Add Semester' }));
    expect(main().getByLabelText('Name')).toHaveAccessibleDescription('Name contains invisible or control characters');
    expect(posts(api)).toHaveLength(0);
  });

  it('Student: an enrollment with a right-to-left override is refused; a look-alike (409) shows the server’s message', async () => {
    const { api, app } = await openAdmin('/dashboard/student', 'Student', {
      // The preselected batch is listed on arrival.
      'GET /student/b1': { data: [], message: 'No students found' },
      'POST /student': { status: 409, message: TEXT_MESSAGES.lookalikeEnrollment },
    });
    await waitFor(() => expect(main().getByLabelText('Batch')).toHaveValue('b1'));
    await typeInto(app, { Enrollment: '25CE\u202e001', Name: 'Someone', Email: 'someone@college.test' });
    await app.user.click(main().getByRole('button', { name: 'Add Student' }));
    expect(main().getByLabelText('Enrollment')).toHaveAccessibleDescription('Enrollment contains invisible or control characters');
    expect(posts(api)).toHaveLength(0);

    await app.user.clear(main().getByLabelText('Enrollment'));
    await app.user.type(main().getByLabelText('Enrollment'), '25СЕ001');
    await app.user.click(main().getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A student with a look-alike enrollment number already exists');
  });
});
