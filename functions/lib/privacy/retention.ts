import { todayIn } from '@shared/dates';
import { audited } from '../audit/scope';
import { claimRun, finishRun } from '../alerts/sent-log';
import type { JobResult } from '../alerts/schedule';
import { listStudentsByDivision } from '../repositories/group-students';
import { getSettings } from '../repositories/settings';
import { listChildren } from '../repositories/structure';
import { eraseStudent } from './erase';
import { everyCourse } from './scrub';

/** The retention job's name, as the jobs' results and the audit trail show it. */
export const RETENTION_JOB = 'retention';
/** Who erases a leaver in the audit trail. */
export const RETENTION_ACTOR = { _id: RETENTION_JOB, username: 'Retention job', role: 'system' } as const;

/**
 * The retention job (docs/product.md §2.21): once a day, when the college keeps students' data for a number of years
 * (Settings), it erases every student still in a term that ended more than that long ago and is not the active one —
 * a student moved on to a later term is not in it any more. Each erasure is an audit entry by the retention job; the
 * result says how many went. A run stopped midway (an error, or its deadline: the jobs' Lambda's time) is finished by
 * the next tick (its marker is given back).
 */
export async function runRetention(now = new Date(), options: { byHand?: boolean; deadline?: number } = {}): Promise<JobResult> {
  const settings = await getSettings();
  const period = todayIn(settings.timeZone, now);
  const run = { job: RETENTION_JOB, period };
  if (settings.retentionYears === null) return { ...run, idle: 'off: Settings keep students’ data for ever' };
  const held = options.byHand ? null : await claimRun(run, { now: now.getTime(), leaseUntil: now.getTime() + 15 * 60_000 });
  if (!options.byHand && !held) return { ...run, idle: 'already run today' };
  const cutoff = `${Number(period.slice(0, 4)) - settings.retentionYears}${period.slice(4)}`;
  let erased = 0;
  let stopped = false;
  const deadline = options.deadline ?? Infinity;
  try {
    const terms = (await listChildren('term')).filter((term) => !term.status && term.endDate && term.endDate < cutoff);
    const courses = terms.length ? (await everyCourse()).map((course) => course._id) : [];
    leavers: for (const term of terms) {
      for (const semester of await listChildren('semester', term._id)) {
        for (const division of await listChildren('division', semester._id)) {
          for (const student of await listStudentsByDivision(division._id)) {
            if (student.termid !== term._id) continue;
            if (Date.now() >= deadline) {
              stopped = true;
              break leavers;
            }
            await audited(
              {
                by: RETENTION_ACTOR,
                action: RETENTION_JOB,
                params: { termid: term._id },
                subjects: [student._id],
                requestId: `${RETENTION_JOB}-${period}`,
              },
              () => eraseStudent(student._id, null, courses),
            );
            erased += 1;
          }
        }
      }
    }
  } catch (error) {
    if (held) await finishRun(held, 'again').catch(() => undefined);
    throw error;
  }
  if (held) await finishRun(held, stopped ? 'again' : 'done');
  return stopped ? { ...run, erased, idle: `stopped at its deadline after ${erased} erased: the next tick goes on` } : { ...run, erased };
}
