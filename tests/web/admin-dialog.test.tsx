import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog } from '@web/components/ui/dialog';
import type { Dependents } from '@shared/schemas/dependents';
import { loadAdminScreens } from './support/admin';
import { mockApi, type Routes } from './support/fake-api';
import { ADMIN, ODD, SEMESTER_3, SEMESTER_5, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

/** A page with an opener button and a confirmation behind it. */
function Harness({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div id="app">
      <button type="button" onClick={() => setOpen(true)}>
        Delete Semester 3
      </button>
      <a href="#elsewhere">A link behind the dialog</a>
      {open && (
        <ConfirmDialog
          message="Delete Semester 3?"
          details={<p>Also deleted with it: 2 divisions</p>}
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </div>
  );
}

async function openHarness(onConfirm?: () => void) {
  const user = userEvent.setup();
  render(<Harness onConfirm={onConfirm} />);
  const opener = screen.getByRole('button', { name: 'Delete Semester 3' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Are you sure ?' });
  return { user, opener, dialog };
}

describe('dialog: a real modal dialog', () => {
  it("is role=dialog, aria-modal, labelled by its title 'Are you sure ?' and described by its question", async () => {
    const { dialog } = await openHarness();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const title = within(dialog).getByRole('heading', { name: 'Are you sure ?' });
    expect(dialog).toHaveAttribute('aria-labelledby', title.id);
    expect(dialog).toHaveAccessibleDescription('Delete Semester 3?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('is a native <dialog> opened with showModal() (the browser keeps focus inside and the page inert), focus on Cancel', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { dialog } = await openHarness();
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveAttribute('open');
    // The safe choice first.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['Cancel', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['the close control', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
  ])('%s closes it without confirming, and focus returns to the opener', async (_, close) => {
    const onConfirm = vi.fn();
    const { user, opener } = await openHarness(onConfirm);
    const closeModal = vi.spyOn(HTMLDialogElement.prototype, 'close');
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(closeModal).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('holds the page behind it still while open (a class on <body>), and lets it go when closed', async () => {
    const { user, dialog } = await openHarness();
    expect(document.body).toHaveClass('dialog-open');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveClass('dialog-open');
  });

  it('Delete confirms', async () => {
    const onConfirm = vi.fn();
    const { user, opener } = await openHarness(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('while busy, Escape and the close control do not close it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Dialog title="Saving" onClose={onClose} busy>
        <button type="button">Inside</button>
      </Dialog>,
    );
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Saving' })).toHaveAttribute('aria-busy', 'true');
  });
});

const CASCADE: Dependents = { divisions: 2, batches: 4, students: 60, courses: 0, attendance: 0 };
const NOTHING: Dependents = { divisions: 0, batches: 0, students: 0, courses: 0, attendance: 0 };

function semesterApi<T>(extra?: Routes<T>) {
  let semesters = [SEMESTER_3, SEMESTER_5];
  return mockApi({
    ...signedInAs(ADMIN),
    'GET /term': { data: [ODD] },
    'GET /term/active': { data: [ODD] },
    'GET /semester/t1': () => ({ data: semesters }),
    'GET /semester/s3/dependents': { data: CASCADE },
    'GET /semester/s5/dependents': { data: NOTHING },
    'DELETE /semester/s3': () => {
      semesters = semesters.filter((semester) => semester._id !== 's3');
      return { data: { _id: 's3', deleted: CASCADE }, message: 'Semester deleted successfully' };
    },
    ...extra,
  });
}

async function listSemesters() {
  const app = renderApp('/dashboard/semester');
  await screen.findByRole('heading', { level: 1, name: 'Semester' });
  await waitFor(() => expect(screen.getByLabelText('Term')).toHaveValue('t1'));
  await app.user.click(screen.getByRole('button', { name: 'Get Semesters' }));
  await screen.findByRole('button', { name: 'Delete Semester 3' });
  return app;
}

describe('dialog: deleting with its cascade', () => {
  loadAdminScreens();

  it('says what goes with the item (zero counts left out), then deletes in one request and refreshes the list', async () => {
    const api = semesterApi();
    const app = await listSemesters();
    await app.user.click(screen.getByRole('button', { name: 'Delete Semester 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure ?' });
    expect(await within(dialog).findByText('2 divisions, 4 batches, 60 students')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Delete Semester 3?');

    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Semester deleted successfully');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Semester 3' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete Semester 5' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/semester/s3']);
    // The row is gone, so focus goes to the list's heading.
    expect(screen.getByRole('heading', { name: 'Semesters of 2026-27 Odd Term' })).toHaveFocus();
  });

  it('says nothing extra when nothing goes with it', async () => {
    semesterApi();
    const app = await listSemesters();
    await app.user.click(screen.getByRole('button', { name: 'Delete Semester 5' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure ?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(dialog).not.toHaveTextContent(/Also deleted|Checking/);
  });

  it('Cancel sends no delete; a failed delete shows the server message', async () => {
    const api = semesterApi({ 'DELETE /semester/s5': { status: 404, message: 'Semester not found' } });
    const app = await listSemesters();
    await app.user.click(screen.getByRole('button', { name: 'Delete Semester 5' }));
    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete Semester 5' })).toHaveFocus();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Delete Semester 5' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled());
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Semester not found');
  });
});
