import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import { loadAdminScreens, main, openAdmin } from './support/admin';

loadAdminScreens();

/* Add User's list (docs/product.md §2.5): Sign out everywhere ends every session of that user, and says so. */
const FACULTY: PublicUser = { _id: 'u-9', username: 'Ravi Iyer', email: 'ravi@sams.local', role: 'faculty' };
const ENDED = 'Ravi Iyer is signed out everywhere (2 sessions ended)';

describe('admin: sign a user out everywhere', () => {
  it("ends the user's sessions from their row and says how many ended", async () => {
    const opened = await openAdmin('/dashboard/adduser', 'Add User', {
      'GET /user': { data: [FACULTY] },
      'DELETE /user/u-9/sessions': { data: { ended: 2 }, message: ENDED },
    });
    await opened.app.user.click(await main().findByRole('button', { name: `Sign out everywhere ${FACULTY.email}` }));
    await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(`${ENDED}×`));
    expect(opened.api.callsTo('DELETE', '/user/u-9/sessions')).toHaveLength(1);
  });
});
