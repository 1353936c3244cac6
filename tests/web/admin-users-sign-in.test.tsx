import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListedUser } from '@shared/answers/auth';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import type { BatchAccounts } from '@shared/schemas/invitation';
import { columnNames, loadAdminScreens, main, openAdmin, rowTexts } from './support/admin';

loadAdminScreens();

/*
 * The Users list's Sign-in column (docs/product.md §2.5): how each user can sign in, and their last sign-in in
 * the college's time; the batch's invitations table says how a student or guardian last signed in, in the same words.
 */
const USERS: ListedUser[] = [
  {
    _id: 'u-1',
    username: 'Ravi Iyer',
    email: 'ravi@sams.local',
    role: 'faculty',
    lastSignIn: { at: '2026-11-26T08:35:00.000Z', method: 'link' },
  },
  { _id: 'u-2', username: 'New Faculty', email: 'new@sams.local', role: 'faculty', passwordNotChosen: true },
  {
    _id: 'u-3',
    username: 'Reset Admin',
    email: 'reset@sams.local',
    role: 'admin',
    passwordNotChosen: true,
    lastSignIn: { at: '2026-11-26T18:40:00.000Z', method: 'college' },
  },
  { _id: 'u-4', username: 'Old Faculty', email: 'old@sams.local', role: 'faculty', signedInUnrecorded: true },
  { _id: 'u-5', username: 'Early Faculty', email: 'early@sams.local', role: 'faculty', lastSignIn: { at: '2026-11-26T08:35:00.000Z' } },
  {
    _id: 'u-6',
    username: 'Desk Faculty',
    email: 'desk@sams.local',
    role: 'faculty',
    lastSignIn: { at: '2026-01-05T03:30:00.000Z', method: 'password' },
  },
];
const PROVIDERS = [{ id: 'google', name: 'Google' }];

async function signInCells(extra: Record<string, unknown>) {
  const { app } = await openAdmin('/dashboard/adduser', 'Add User', { 'GET /user': { data: USERS }, ...extra } as never);
  await app.user.click(main().getByRole('button', { name: 'Get Users' }));
  const table = await screen.findByRole('table', { name: 'Users' });
  expect(columnNames(table)).toEqual(['Name', 'Email', 'Role', 'Sign-in', 'Actions']);
  return { table, cells: () => rowTexts(table).map((row) => row[3]) };
}

describe('admin: the Users list says how each user signs in', () => {
  it('lists the ways open to each and their last sign-in in college time, with college accounts offered', async () => {
    const { table, cells } = await signInCells({
      'GET /settings': { data: { ...DEFAULT_SETTINGS, timeZone: 'Asia/Kolkata' } },
      'GET /auth/oidc': { data: PROVIDERS },
    });
    await within(table).findAllByText('Password, Email link, College account');
    expect(cells()).toEqual([
      'Password, Email link, College account Last: 26 Nov 2026, 14:05 by email link',
      'Password not chosen yet, Email link, College account Never signed in',
      'Password not chosen yet, Email link, College account Last: 27 Nov 2026, 00:10 by college account',
      'Password, Email link, College account Last sign-in not recorded',
      'Password, Email link, College account Last: 26 Nov 2026, 14:05',
      'Password, Email link, College account Last: 5 Jan 2026, 09:00 by password',
    ]);
    // Each cell is one element (a card's value on a phone), its two lines two blocks of whole words.
    const cell = within(table).getAllByRole('cell')[3]!;
    expect(cell.children).toHaveLength(1);
    expect([...cell.firstElementChild!.children].map((line) => line.textContent)).toEqual([
      'Password, Email link, College account',
      'Last: 26 Nov 2026, 14:05 by email link',
    ]);
  });

  it("reads the times in the college's own time zone, and offers no college account when none is configured", async () => {
    const { table, cells } = await signInCells({
      'GET /settings': { data: { ...DEFAULT_SETTINGS, timeZone: 'America/New_York' } },
      'GET /auth/oidc': { data: [] },
    });
    await within(table).findByText('Last: 26 Nov 2026, 03:35 by email link');
    expect(cells().slice(0, 3)).toEqual([
      'Password, Email link Last: 26 Nov 2026, 03:35 by email link',
      'Password not chosen yet, Email link Never signed in',
      'Password not chosen yet, Email link Last: 26 Nov 2026, 13:40 by college account',
    ]);
  });
});

describe('admin: the batch’s invitations say how each signed in', () => {
  it('shows when and how, in the same words', async () => {
    const batch: BatchAccounts = [
      {
        _id: 'st1',
        enrollment: '25CE001',
        name: 'Aarav Patel',
        account: {
          email: 'aarav@college.test',
          invitedAt: '2026-11-25T04:30:00.000Z',
          signedInAt: '2026-11-26T08:35:00.000Z',
          signedInBy: 'college',
        },
        guardians: [
          {
            name: 'Asha Patel',
            relation: 'Mother',
            account: {
              email: 'asha@family.test',
              invitedAt: '2026-11-25T04:30:00.000Z',
              signedInAt: '2026-11-26T09:00:00.000Z',
              signedInBy: 'link',
            },
          },
        ],
      },
      {
        _id: 'st2',
        enrollment: '25CE002',
        name: 'Diya Shah',
        account: { email: 'diya@college.test', invitedAt: '2026-11-25T04:30:00.000Z', signedInAt: '2026-11-26T08:35:00.000Z' },
        guardians: [],
      },
    ];
    await openAdmin('/dashboard/invitations', 'Invitations', {
      'GET /settings': { data: { ...DEFAULT_SETTINGS, timeZone: 'Asia/Kolkata' } },
      'GET /invitation': { data: [] },
      'GET /invitation/batch/b1': { data: batch },
    });
    const table = await screen.findByRole('table', { name: 'Who is invited in Batch 1A' });
    await within(table).findByText('signed in 26 Nov 2026, 14:05 by college account');
    expect(rowTexts(table).map((row) => row.slice(2))).toEqual([
      ['signed in 26 Nov 2026, 14:05 by college account', 'Asha Patel (Mother): signed in 26 Nov 2026, 14:30 by email link'],
      ['signed in 26 Nov 2026, 14:05', 'none'],
    ]);
  });
});
