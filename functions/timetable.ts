import { todayIn } from '@shared/dates';
import { holidayMessage, TIMETABLE_MESSAGES as M } from '@shared/schemas/timetable';
import { TIMETABLE_REQUESTS } from '@shared/requests/timetable';
import { resource } from './lib/http/resource';
import { getSettings } from './lib/repositories/settings';
import { createTimetableEntry, deleteTimetableEntry, listTimetable, updateTimetableEntry } from './lib/repositories/timetable';
import { todayOf } from './lib/timetable/classes';

/**
 * Timetable resource (docs/product.md §3): the admin's weekly entries (who teaches which course to
 * which division or batch, in which slot on which weekday of a term), and each user's classes of a day.
 */
export const handler = resource('timetable', TIMETABLE_REQUESTS, {
  'POST /timetable': async ({ body }) => {
    const entry = await createTimetableEntry(body);
    return { status: 201, data: entry, message: M.created };
  },

  'GET /timetable': async ({ query }) => ({ data: await listTimetable(query), message: M.list }),

  'GET /timetable/today': async ({ query, user }) => {
    const { date } = query;
    const { classes, holiday } = await todayOf(user._id, date ?? todayIn((await getSettings()).timeZone));
    if (holiday) return { data: [], message: holidayMessage(holiday.name) };
    return classes.length ? { data: classes, message: M.today } : { data: [], message: M.noClasses };
  },

  'PATCH /timetable/{id}': async ({ params, body }) => {
    const entry = await updateTimetableEntry(params.id, body);
    return { data: entry, message: M.updated };
  },

  'DELETE /timetable/{id}': async ({ params }) => {
    // The id encodes the entry's key: any other text is an entry that does not exist (404).
    const entry = await deleteTimetableEntry(params.id);
    return { data: entry, message: M.deleted };
  },
});
