import { describe, expect, it } from 'vitest';
import { useCollege } from '@tests/support/college';
import { useTestStack } from '@tests/support/stack';
import { entryBody, timetableApi, WEEK } from '@tests/support/timetable';

/**
 * The order of a term's timetable follows its slots as they are now (docs/product.md §3): a slot
 * renamed or moved to other times moves its classes in GET timetable (by slot name) and on Today
 * (by start time), without any class being written again.
 */
const t = useTestStack('admin', 'faculty');
const college = useCollege(t, { prefix: 'SO', divisions: 1, perBatch: 1 });
const api = timetableApi(t);

const patchSlot = (id: string, body: Record<string, unknown>) =>
  t.stack.api('PATCH /slot/{id}', { params: { id }, body, cookie: t.admin.cookie });

describe('a slot changed after its classes were added', () => {
  it('moves its classes in the week list and on Today', async () => {
    const [first, second] = college.slotids as [string, string];
    const faculty = t.faculty.user._id;
    const early = await api.added(entryBody(college, faculty, { slotid: first }));
    const late = await api.added(entryBody(college, faculty, { slotid: second }));
    const week = async () => (await api.list({ termid: college.termid, facultyid: faculty })).map((entry) => entry._id);
    const today = async () => (await api.today(t.faculty.cookie, WEEK.monday)).data.map((item) => item.entry._id);
    expect(await week()).toEqual([early._id, late._id]);
    expect(await today()).toEqual([early._id, late._id]);

    // The first slot becomes the last of the morning, by its name and its times.
    const moved = await patchSlot(first, { name: '11:00 - 12:00', start: '11:00', end: '12:00' });
    expect(moved.status, moved.body.message).toBe(200);
    expect(await week()).toEqual([late._id, early._id]);
    expect(await today()).toEqual([late._id, early._id]);

    // A rename alone moves it back in the week list (Today orders by the times, which stay).
    expect((await patchSlot(first, { name: '08:00 (moved)' })).status).toBe(200);
    expect(await week()).toEqual([early._id, late._id]);
    expect(await today()).toEqual([late._id, early._id]);
  });
});
