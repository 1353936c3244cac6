import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeOfScan } from '@web/features/check-in/qr-detector';
import { collegeToday } from '@tests/support/college-time';
import type { CheckInView } from '@shared/answers/check-in';
import { CORRECTED } from '@shared/schemas/attendance';
import { CHECK_IN_MESSAGES } from '@shared/schemas/check-in';
import { LATE_CHECK_IN_REASON } from '@web/features/check-in/components/late-check-ins';
import { session } from './support/corrections';
import { mockApi, routes } from './support/fake-api';
import { FACULTY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { STUDENT } from './support/leave';
import { renderApp } from './support/render-app';

/*
 * Check-in's screens (docs/product.md §2.18): a student types the code and reads what happened; the teacher opens
 * check-in from a class's form, the classroom screen shows the code and who is in, and the form starts from them.
 */

const STUDENTS = [
  { batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } },
  { batchStudents: { _id: 'st2', name: 'Diya Shah', enrollment: '25CE002' } },
  { batchStudents: { _id: 'st3', name: 'Ishaan Mehta', enrollment: '25CE003' } },
];
const FORM_URL = '/students/d1?extraData=Semester+3+%2F+Physics+%2F+Lecture&termid=t1&semid=s3&courseid=c1&kind=1&slot=slot9';
const VIEW: CheckInView = {
  _id: 'ci1',
  date: collegeToday(),
  courseid: 'c1',
  slotid: 'slot9',
  classKind: 'lecture',
  groupid: 'd1',
  open: true,
  code: 'K7P2QX',
  changesInMs: 9000,
  closesAt: '2030-01-01T10:10:00.000Z',
  checkedIn: [
    { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001', at: '2030-01-01T09:01:00.000Z', flags: [], late: false },
    { _id: 'st3', name: 'Ishaan Mehta', enrollment: '25CE003', at: '2030-01-01T09:02:00.000Z', flags: ['sharedDevice'], late: false },
  ],
};
const formRoutes = routes({
  'GET /term/active': { data: [ODD] },
  'GET /semester/t1': { data: [SEMESTER_3] },
  'GET /student/division/d1': { data: STUDENTS },
  [`GET /leave/group/d1?date=${collegeToday()}`]: { data: [] },
});

/** A signed-in student whose check-ins the server takes. */
const studentCheckingIn = () =>
  mockApi({
    ...signedInAs(STUDENT),
    'POST /checkin/student': {
      status: 201,
      data: { _id: 'ci1', course: 'Physics', at: VIEW.closesAt },
      message: CHECK_IN_MESSAGES.checkedIn,
    },
  });

describe('a student checks in', () => {
  it('types the code and is told it worked, with the course; the phone’s key goes with it', async () => {
    const api = studentCheckingIn();
    const app = renderApp('/me/checkin');
    await app.user.type(await screen.findByRole('textbox', { name: 'Code on the screen' }), 'k7p 2qx');
    await app.user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(`${CHECK_IN_MESSAGES.checkedIn} (Physics)`)).toBeInTheDocument();
    const [sent] = api.callsTo('POST', '/checkin/student');
    expect(sent!.body).toEqual({ code: 'k7p 2qx', deviceKey: expect.stringMatching(/^.{16,}$/) });
    // The same phone, the same key next time.
    await app.user.type(screen.getByRole('textbox', { name: 'Code on the screen' }), 'ABC234');
    await app.user.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(api.callsTo('POST', '/checkin/student')).toHaveLength(2));
    expect((api.callsTo('POST', '/checkin/student')[1]!.body as { deviceKey: string }).deviceKey).toBe(
      (sent!.body as { deviceKey: string }).deviceKey,
    );
  });

  it('checks in at once when opened from the screen’s QR code (its link holds the code), once', async () => {
    const api = studentCheckingIn();
    const app = renderApp('/me/checkin?code=K7P2QX');
    expect(await screen.findByText(`${CHECK_IN_MESSAGES.checkedIn} (Physics)`)).toBeInTheDocument();
    expect(api.callsTo('POST', '/checkin/student').map((call) => (call.body as { code: string }).code)).toEqual(['K7P2QX']);
    // The code left the address: a reload would send nothing.
    expect(app.location().search).toBe('');
  });

  it('shows the refusal as an error, never a success', async () => {
    mockApi({ ...signedInAs(STUDENT), 'POST /checkin/student': { status: 400, message: CHECK_IN_MESSAGES.wrongCode } });
    const app = renderApp('/me/checkin');
    await app.user.type(await screen.findByRole('textbox', { name: 'Code on the screen' }), 'AAAAAA');
    await app.user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECK_IN_MESSAGES.wrongCode);
    expect(screen.queryByText(CHECK_IN_MESSAGES.checkedIn)).not.toBeInTheDocument();
  });
});

/** A phone's camera (its one track, to see it turned off) and the browser's BarcodeDetector reading `seen`. */
function cameraSeeing(seen: string) {
  const track = { stop: vi.fn() };
  // A MediaStream of the test's window (video.srcObject takes nothing else), with the one track.
  const stream = Object.assign(new MediaStream(), { getTracks: () => [track] });
  const getUserMedia = vi.fn(async () => stream);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      static getSupportedFormats = async () => ['qr_code'];
      detect = async () => [{ rawValue: seen }];
    },
  );
  return { track, getUserMedia };
}

describe('a student scans the screen’s QR code in SAMS', () => {
  afterEach(() => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });

  it('reads a check-in link of this app, or a bare code; nothing else', () => {
    expect(codeOfScan('https://sams.example/me/checkin?code=K7P2QX', 'https://sams.example')).toBe('K7P2QX');
    expect(codeOfScan(' k7p2qx ', 'https://sams.example')).toBe('k7p2qx');
    expect(codeOfScan('https://evil.example/me/checkin?code=K7P2QX', 'https://sams.example')).toBeNull();
    expect(codeOfScan('https://sams.example/me?code=K7P2QX', 'https://sams.example')).toBeNull();
    expect(codeOfScan('WIFI:S:campus;;', 'https://sams.example')).toBeNull();
  });

  it('checks in with the code the camera reads (the back camera), then turns the camera off', async () => {
    const camera = cameraSeeing(`${window.location.origin}/me/checkin?code=K7P2QX`);
    const api = studentCheckingIn();
    const app = renderApp('/me/checkin');
    await app.user.click(await screen.findByRole('button', { name: 'Scan the QR code' }));
    expect(await screen.findByText(`${CHECK_IN_MESSAGES.checkedIn} (Physics)`)).toBeInTheDocument();
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(api.callsTo('POST', '/checkin/student').map((call) => (call.body as { code: string }).code)).toEqual(['K7P2QX']);
    expect(camera.track.stop).toHaveBeenCalled();
    expect(screen.queryByLabelText(/Camera/)).not.toBeInTheDocument();
  });

  it('says when a QR code is not a check-in, and when the camera is refused; sends nothing', async () => {
    cameraSeeing('https://example.com/menu');
    const api = studentCheckingIn();
    const app = renderApp('/me/checkin');
    await app.user.click(await screen.findByRole('button', { name: 'Scan the QR code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not a SAMS check-in code');
    await app.user.click(screen.getByRole('button', { name: 'Stop the camera' }));
    const refused = vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    (navigator.mediaDevices as { getUserMedia: unknown }).getUserMedia = refused;
    await app.user.click(screen.getByRole('button', { name: 'Scan the QR code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera is not allowed or not available: type the code instead');
    expect(screen.getByRole('button', { name: 'Scan the QR code' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/checkin/student')).toHaveLength(0);
  });
});

describe('the teacher’s check-in', () => {
  it('opens from the class’s form to the classroom screen: the code, who is in with flags, Close', async () => {
    const api = mockApi({
      ...signedInAs(FACULTY),
      ...formRoutes,
      'POST /checkin': { status: 201, data: VIEW, message: CHECK_IN_MESSAGES.opened },
      'GET /checkin/ci1': { data: VIEW },
      'POST /checkin/ci1/close': {
        data: { ...VIEW, open: false, code: undefined, changesInMs: undefined },
        message: CHECK_IN_MESSAGES.closed,
      },
    });
    const app = renderApp(FORM_URL);
    await app.user.click(await screen.findByRole('button', { name: 'Open check-in' }));
    expect(api.callsTo('POST', '/checkin')[0]!.body).toEqual({ courseid: 'c1', slotid: 'slot9', classKind: 'lecture', groupid: 'd1' });
    expect(await screen.findByText('K7P2QX')).toBeInTheDocument();
    // The QR code beside it: the student's Check in page with the code.
    expect(screen.getByRole('img', { name: 'QR code to check in' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/checkin/ci1');
    expect(screen.getByRole('status')).toHaveTextContent('2 checked in');
    const names = within(screen.getByRole('list', { name: 'Checked in' })).getAllByRole('listitem');
    expect(names.map((one) => one.textContent)).toEqual(['25CE001 Aarav Patel', '25CE003 Ishaan Mehta · another student tried this phone']);
    await app.user.click(screen.getByRole('button', { name: 'Close check-in' }));
    await waitFor(() => expect(api.callsTo('POST', '/checkin/ci1/close')).toHaveLength(1));
  });

  it('starts the form from check-in: those in present, the rest absent, each said so', async () => {
    mockApi({ ...signedInAs(FACULTY), ...formRoutes, 'GET /checkin/ci1': { data: VIEW } });
    const app = renderApp(`/checkin/ci1?back=${encodeURIComponent(FORM_URL)}`);
    await app.user.click(await screen.findByRole('link', { name: 'Mark from check-in' }));
    const aarav = await screen.findByRole('checkbox', { name: /25CE001/ });
    expect(aarav).toBeChecked();
    expect(aarav).toHaveAccessibleDescription('Checked in');
    expect(screen.getByRole('checkbox', { name: /25CE002/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /25CE003/ })).toHaveAccessibleDescription('Checked in · another student tried this phone');
    expect(screen.getByText('2 of 3 present')).toBeInTheDocument();
    expect(app.location().search).toContain('checkin=ci1');
    // Opened from check-in, the form does not offer to open it again.
    expect(screen.queryByRole('button', { name: 'Open check-in' })).not.toBeInTheDocument();
  });

  it('starts a late check-in late, and says a check-in from outside the college network', async () => {
    const [aarav, ishaan] = VIEW.checkedIn;
    const late = {
      ...VIEW,
      checkedIn: [
        { ...aarav!, late: true },
        { ...ishaan!, flags: ['outside' as const] },
      ],
    };
    mockApi({ ...signedInAs(FACULTY), ...formRoutes, 'GET /checkin/ci1': { data: late } });
    renderApp(`${FORM_URL}&checkin=ci1`);
    const lateOne = await screen.findByRole('checkbox', { name: /25CE001/ });
    // Its status (late) and why.
    expect(lateOne).toHaveAccessibleDescription('Late Checked in late');
    expect(screen.getByRole('checkbox', { name: /25CE003/ })).toHaveAccessibleDescription('Checked in · outside the college network');
    // Late counts as in class, and the summary says it.
    expect(screen.getByText('2 of 3 present')).toBeInTheDocument();
    expect(screen.getByText(/1 late/)).toBeInTheDocument();
  });

  it('proposes the check-ins after the class was marked as one correction the teacher accepts', async () => {
    let corrected = false;
    const marked = (proposals: { _id: string; status: 'present' | 'late' }[]) => ({
      ...VIEW,
      marked: { _id: 'sess1', version: 3, markedAt: '2030-01-01T09:05:00.000Z', proposals },
    });
    const api = mockApi({
      ...signedInAs(FACULTY),
      'GET /checkin/ci1': () => ({ data: marked(corrected ? [] : [{ _id: 'st3', status: 'late' }]) }),
      'PATCH /attendance/sess1': () => {
        corrected = true;
        return { data: session(['present', 'absent', 'late']), message: CORRECTED };
      },
    });
    const app = renderApp('/checkin/ci1');
    const late = await screen.findByRole('region', { name: 'Checked in after marking' });
    expect(within(late).getByRole('listitem')).toHaveTextContent('25CE003 Ishaan Mehta → Late');
    await app.user.click(within(late).getByRole('button', { name: 'Accept 1 correction' }));
    expect(await screen.findByText(CORRECTED)).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/attendance/sess1').map((call) => call.body)).toEqual([
      { statuses: { st3: 'late' }, reason: LATE_CHECK_IN_REASON, version: 3 },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Checked in after marking' })).not.toBeInTheDocument());
  });
});
