import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import { LEAVE_MESSAGES } from '@shared/schemas/leave';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { mockApi, type Reply } from './support/fake-api';
import { signedInAs } from './support/fixtures';
import { application, GUARDIAN, STUDENT } from './support/leave';
import { renderApp } from './support/render-app';

/*
 * Applying for leave (docs/product.md §2.17), /me/leave/new: the kind with its rule, the days, whole days or
 * some classes, the reason, and an optional attachment uploaded straight to storage before the application
 * names it. Refusals (the form's, the server's) are said in words; a sent application leads to the list.
 */

beforeAll(() => import('@web/features/leave/components/apply-page'));

const TODAY = collegeToday();
/** The college's kinds, and one that always needs a certificate. */
const SETTINGS = {
  ...DEFAULT_SETTINGS,
  leaveKinds: [...DEFAULT_SETTINGS.leaveKinds, { name: 'Sports', countsAs: 'present' as const, maxDays: 3, certificateOverDays: 0 }],
};
const UPLOAD_URL = 'https://uploads.example.test/sams-attachments';
const FIELDS = { key: 'leave/st1/up1', policy: 'cG9saWN5', 'x-amz-signature': 'c2ln', 'Content-Type': 'application/pdf' };
const CLASSES = [
  {
    date: TODAY,
    slotid: 'sl1',
    courseid: 'c1',
    classKind: 'lecture' as const,
    courseName: 'Physics',
    startTime: '09:00',
    endTime: '10:00',
  },
  { date: TODAY, slotid: 'sl2', courseid: 'c2', classKind: 'lab' as const, courseName: 'Chemistry', startTime: '10:00', endTime: '12:00' },
];

function setup(
  created: Reply<ReturnType<typeof application>> = { status: 201, data: application(), message: LEAVE_MESSAGES.applied },
  user = STUDENT,
) {
  const api = mockApi({
    ...signedInAs(user),
    'GET /settings': { data: SETTINGS },
    'GET /leave/student/st1': { data: [] },
    'GET /leave/student/st2': { data: [] },
    [`GET /leave/student/st1/classes?from=${TODAY}&to=${TODAY}`]: { data: CLASSES },
    'POST /leave/student/st1/attachment': {
      data: { uploadId: 'up1', url: UPLOAD_URL, fields: FIELDS, expiresAt: '2030-01-01T00:00:00.000Z', maxBytes: 5 * 1024 * 1024 },
    },
    'POST /leave/student/st1': created,
    'POST /leave/student/st2': created,
  });
  // The storage is another origin: its uploads are kept apart, in the order they came.
  const order: string[] = [];
  const uploads: { entries: [string, FormDataEntryValue][]; credentials: RequestCredentials | undefined }[] = [];
  const apiFetch = api.fetchMock;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) === UPLOAD_URL) {
        order.push('upload');
        uploads.push({ entries: [...(init.body as FormData).entries()], credentials: init.credentials });
        return new Response(null, { status: 204 });
      }
      order.push(`${init.method ?? 'GET'} ${String(input)}`);
      return apiFetch(input, init);
    }),
  );
  return { api, uploads, order, app: renderApp('/me/leave/new') };
}

const pdf = (bytes = 2048) => new File([new Uint8Array(bytes)], 'certificate.pdf', { type: 'application/pdf' });

async function fill(app: ReturnType<typeof setup>['app'], kind: string, reason = 'Fever and a doctor’s rest') {
  await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Kind of leave' }), kind);
  await app.user.type(screen.getByRole('textbox', { name: 'Reason' }), reason);
}

describe('applying for leave', () => {
  it('shows the kind’s rule beside it, and sends whole days without an attachment, then lists the applications', async () => {
    const { api, app, uploads } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for leave' })).toBeInTheDocument();
    // The form comes once the college's kinds have come (GET settings), after the heading.
    await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Kind of leave' }), 'Medical');
    expect(screen.getByRole('combobox', { name: 'Kind of leave' })).toHaveAccessibleDescription(
      'At most 15 days; a certificate is needed over 2 days; its classes count as excused.',
    );
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Kind of leave' }), 'Personal');
    expect(screen.getByRole('combobox', { name: 'Kind of leave' })).toHaveAccessibleDescription(
      'At most 5 days; no certificate needed; its classes count as excused.',
    );
    await app.user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Family wedding');
    await app.user.click(screen.getByRole('button', { name: 'Send application' }));

    await waitFor(() => expect(app.location().pathname).toBe('/me/leave'));
    expect(api.callsTo('POST', '/leave/student/st1')[0]!.body).toEqual({
      kind: 'Personal',
      from: TODAY,
      to: TODAY,
      reason: 'Family wedding',
    });
    expect(api.callsTo('POST', '/leave/student/st1/attachment')).toHaveLength(0);
    expect(uploads).toHaveLength(0);
    expect(await screen.findByText(LEAVE_MESSAGES.applied)).toBeInTheDocument();
  });

  it('uploads the attachment first (the form’s fields, then the file, no cookie), then names it in the application', async () => {
    const { api, app, uploads, order } = setup();
    await fill(app, 'Medical');
    const file = pdf();
    await app.user.upload(screen.getByLabelText('Attachment (optional)'), file);
    await app.user.click(screen.getByRole('button', { name: 'Send application' }));

    await waitFor(() => expect(app.location().pathname).toBe('/me/leave'));
    expect(api.callsTo('POST', '/leave/student/st1/attachment')[0]!.body).toEqual({
      name: 'certificate.pdf',
      type: 'application/pdf',
      bytes: 2048,
    });
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload!.credentials).toBe('omit');
    expect(upload!.entries.map(([name]) => name)).toEqual([...Object.keys(FIELDS), 'file']);
    expect(Object.fromEntries(upload!.entries.slice(0, -1))).toEqual(FIELDS);
    expect((upload!.entries.at(-1)![1] as File).size).toBe(2048);
    expect(order.filter((call) => call.startsWith('POST') || call === 'upload')).toEqual([
      'POST /api/v1/leave/student/st1/attachment',
      'upload',
      'POST /api/v1/leave/student/st1',
    ]);
    expect(api.callsTo('POST', '/leave/student/st1')[0]!.body).toEqual({
      kind: 'Medical',
      from: TODAY,
      to: TODAY,
      reason: 'Fever and a doctor’s rest',
      attachment: { uploadId: 'up1', name: 'certificate.pdf' },
    });
  });

  it('refuses a 6 MB file at once, with its reason tied to the field, and never uploads it', async () => {
    const { api, app, uploads } = setup();
    await fill(app, 'Personal');
    const big = pdf(6 * 1024 * 1024);
    await app.user.upload(screen.getByLabelText('Attachment (optional)'), big);
    const input = screen.getByLabelText('Attachment (optional)');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(LEAVE_MESSAGES.fileSize));
    await app.user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(api.callsTo('POST', '/leave/student/st1')).toHaveLength(1));
    expect(api.callsTo('POST', '/leave/student/st1/attachment')).toHaveLength(0);
    expect(uploads).toHaveLength(0);
    expect(api.callsTo('POST', '/leave/student/st1')[0]!.body).not.toHaveProperty('attachment');
  });

  it('asks for the certificate a kind always needs before sending anything', async () => {
    const { api, app } = setup();
    await fill(app, 'Sports', 'Inter-college match');
    await app.user.click(screen.getByRole('button', { name: 'Send application' }));
    const input = screen.getByLabelText('Attachment (optional)');
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAccessibleDescription(expect.stringContaining(LEAVE_MESSAGES.certificateNeeded('Sports', 0)));
    expect(api.callsTo('POST', '/leave/student/st1')).toHaveLength(0);
  });

  it('lists the day’s classes to choose from for some classes, asks for one, and sends those ticked', async () => {
    const { api, app } = setup();
    await fill(app, 'Personal');
    await app.user.click(screen.getByRole('radio', { name: 'Some classes' }));
    const classes = await screen.findByRole('group', { name: 'Classes on leave' });
    await within(classes).findByRole('checkbox', { name: `${TODAY} 09:00–10:00: Physics (Lecture)` });
    await app.user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await within(classes).findByText(LEAVE_MESSAGES.classes)).toBeInTheDocument();
    expect(api.callsTo('POST', '/leave/student/st1')).toHaveLength(0);

    await app.user.click(within(classes).getByRole('checkbox', { name: `${TODAY} 10:00–12:00: Chemistry (Lab)` }));
    await app.user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(api.callsTo('POST', '/leave/student/st1')).toHaveLength(1));
    expect(api.callsTo('POST', '/leave/student/st1')[0]!.body).toMatchObject({
      classes: [{ date: TODAY, slotid: 'sl2', courseid: 'c2', classKind: 'lab' }],
    });
  });

  it('shows the server’s refusal (an overlap names the other application) and stays on the form', async () => {
    const overlap = LEAVE_MESSAGES.overlaps('K7P2QX', TODAY, TODAY, 'pending');
    const { app } = setup({ status: 409, message: overlap });
    await fill(app, 'Personal');
    await app.user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(overlap);
    expect(app.location().pathname).toBe('/me/leave/new');
  });

  it('applies for a guardian’s chosen child, and goes back to that child’s list', async () => {
    const { api, app } = setup(undefined, GUARDIAN);
    app.history.replace('/me/leave/new?student=st2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for leave for Ravi Patel' })).toBeInTheDocument();
    await fill(app, 'Personal');
    await app.user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(app.location().search).toBe('?student=st2'));
    expect(app.location().pathname).toBe('/me/leave');
    expect(api.callsTo('POST', '/leave/student/st2')).toHaveLength(1);
  });
});
