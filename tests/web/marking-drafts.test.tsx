import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import { readDraft } from '@web/lib/offline/mark-drafts';
import { session } from '@web/lib/session';
import { LEAVE_TITLE } from '@web/features/marking/components/leave-guard';
import { mockApi } from './support/fake-api';
import { ACTIVE_TERMS, ADMIN, FACULTY, NOTHING_TODAY, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';
import type { PublicUser } from '@shared/schemas/auth';

/*
 * The marking form keeps its work (issue 33, point 2): a draft per user and class on this device until
 * the class is marked or the draft discarded; leaving with changes asks first (links, Back), closing
 * the tab gets the browser's warning; drafts go at sign-out.
 */

// happy-dom has no IndexedDB: the saved marks live in memory (signing out clears them with the drafts).
vi.mock('@web/lib/offline/mark-queue', () => import('./support/offline'));

const PATH = 'Semester 3 / Data Structures / Lecture / 09:00 - 10:00 / Division 1';
const LECTURE_URL = `/students/d1?${new URLSearchParams({ extraData: PATH, termid: 't1', semid: 's3', courseid: 'c1', kind: '1', slot: 'slot9' })}`;
const DIVISION_STUDENTS = [
  { batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } },
  { batchStudents: { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' } },
  { batchStudents: { _id: 'st3', name: 'Ishaan Mehta', enrollment: '25CE003' } },
];
const CLASS = { date: collegeToday(), courseid: 'c1', classKind: 'lecture' as const, slotid: 'slot9', groupid: 'd1' };

function open(user: PublicUser = FACULTY, url = LECTURE_URL) {
  const api = mockApi({
    ...signedInAs(user),
    ...ACTIVE_TERMS,
    ...NOTHING_TODAY,
    'GET /student/division/d1': { data: DIVISION_STUDENTS },
    'POST /attendance': {
      status: 201,
      data: { _id: 's1', version: 1, date: collegeToday(), groupid: 'd1', present: 2, expected: 3 },
      message: 'Attendance marked successfully',
    },
  });
  return { api, app: renderApp(url) };
}

const toggle = (enrollment: string) => screen.getByRole('checkbox', { name: new RegExp(enrollment) });
const checked = () =>
  within(screen.getByRole('group', { name: 'Students present' }))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => (box as HTMLInputElement).value);

describe('the marking form’s draft', () => {
  it('keeps the changes when the teacher leaves through the menu and comes back', async () => {
    const { app } = open();
    await app.user.click(await screen.findByRole('checkbox', { name: /25CE002/ }));
    expect(checked()).toEqual(['st1', 'st3']);

    await app.user.click(screen.getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE });
    expect(app.location().pathname).toBe('/students/d1');
    await app.user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'));

    app.unmount();
    open();
    await screen.findByRole('checkbox', { name: /25CE002/ });
    expect(checked()).toEqual(['st1', 'st3']);
    expect(screen.getByText('2 of 3 present')).toBeInTheDocument();
    expect(screen.getByText('Your changes are kept on this device until you mark this class.')).toBeInTheDocument();
  });

  it('Cancel in the confirmation stays on the form with the changes', async () => {
    const { app } = open();
    await app.user.click(await screen.findByRole('checkbox', { name: /25CE001/ }));
    await app.user.click(screen.getByRole('link', { name: 'Home' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: LEAVE_TITLE })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.location().pathname).toBe('/students/d1');
    expect(checked()).toEqual(['st2', 'st3']);
  });

  it('asks before Back too, and keeps the page until the teacher chooses to leave', async () => {
    const { app } = open(FACULTY, '/');
    await screen.findByRole('heading', { name: 'Mark Attendance' });
    app.history.push(LECTURE_URL);
    await app.user.click(await screen.findByRole('checkbox', { name: /25CE003/ }));

    window.history.back();
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE });
    await waitFor(() => expect(window.location.pathname).toBe('/students/d1'));
    expect(app.location().pathname).toBe('/students/d1');
    expect(checked()).toEqual(['st1', 'st2']);

    await app.user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Mark Attendance' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/');
  });

  it('leaves without asking when nothing was changed', async () => {
    const { app } = open();
    await screen.findByRole('checkbox', { name: /25CE001/ });
    await app.user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns on closing or reloading the tab only while there are changes', async () => {
    const { app } = open();
    await screen.findByRole('checkbox', { name: /25CE001/ });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await app.user.click(toggle('25CE001'));
    expect(unload()).toBe(true);
    // Back to everyone present: nothing to keep.
    await app.user.click(toggle('25CE001'));
    expect(unload()).toBe(false);
  });

  it('Discard changes starts again from everyone present and drops the draft', async () => {
    const { app } = open();
    await app.user.click(await screen.findByRole('checkbox', { name: /25CE002/ }));
    expect(readDraft(FACULTY._id, CLASS)).toEqual({ st1: 'present', st2: 'absent', st3: 'present' });
    await app.user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(checked()).toEqual(['st1', 'st2', 'st3']);
    expect(readDraft(FACULTY._id, CLASS)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  it('is dropped once the class is marked', async () => {
    const { app } = open();
    await app.user.click(await screen.findByRole('checkbox', { name: /25CE002/ }));
    expect(readDraft(FACULTY._id, CLASS)).not.toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));
    expect(await screen.findByRole('heading', { name: 'Attendance Marked Successfully' })).toBeInTheDocument();
    expect(readDraft(FACULTY._id, CLASS)).toBeNull();
  });

  it('is the signed-in user’s own: another user at this device starts from everyone present', async () => {
    const first = open();
    await first.app.user.click(await screen.findByRole('checkbox', { name: /25CE002/ }));
    first.app.unmount();
    // The next person signs in here (the first one's tab sign-in is forgotten, as after closing the browser).
    session.reset();
    open(ADMIN);
    await screen.findByRole('checkbox', { name: /25CE002/ });
    expect(checked()).toEqual(['st1', 'st2', 'st3']);
    expect(readDraft(FACULTY._id, CLASS)).not.toBeNull();
  });

  it('goes at any move to signed out, with the rest of the device’s data', async () => {
    const { app } = open();
    await app.user.click(await screen.findByRole('checkbox', { name: /25CE002/ }));
    expect(readDraft(FACULTY._id, CLASS)).not.toBeNull();
    session.signOut();
    await waitFor(() => expect(readDraft(FACULTY._id, CLASS)).toBeNull());
  });

  it('is kept under a key naming the class kind by its code (1 Lecture, 2 Lab)', () => {
    const key = `sams-mark-draft:${JSON.stringify([FACULTY._id, CLASS.date, 'c1', 1, 'slot9', 'd1'])}`;
    localStorage.setItem(key, JSON.stringify({ st2: 'absent' }));
    expect(readDraft(FACULTY._id, CLASS)).toEqual({ st2: 'absent' });
    expect(readDraft(FACULTY._id, { ...CLASS, classKind: 'lab' })).toBeNull();
    localStorage.removeItem(key);
  });
});
