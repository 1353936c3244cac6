import { createHash } from 'node:crypto';
import { CHECK_IN_MESSAGES, type StudentCheckInInput } from '@shared/schemas/check-in';
import type { StudentCheckInAnswer } from '@shared/answers/check-in';
import { todayIn } from '@shared/dates';
import { Conflict, Forbidden, Invalid } from '../domain-errors';
import type { CurrentUser } from '../http/types';
import { openCheckInsOf, recordCheckIn } from '../repositories/check-ins';
import { getSettings } from '../repositories/settings';
import { getNode } from '../repositories/structure';
import { getStudent } from '../repositories/students';
import { codeMatches } from './codes';
import { outsideNetworks } from './networks';

/*
 * A student checks in (docs/product.md §2.18): with the code on the screen of a class of their division or batch
 * whose check-in is open now. Never a success for anything else: another group's code, an old one, a closed
 * check-in are each refused with their message.
 */

/** The device's key as stored: hashed with the check-in, so it tells nothing across classes. */
const deviceHashOf = (checkInId: string, deviceKey: string) => createHash('sha256').update(`${checkInId}:${deviceKey}`).digest('base64url');

export async function checkInStudent(
  input: StudentCheckInInput,
  user: CurrentUser,
  { clientIp, now = new Date() }: { clientIp?: string; now?: Date } = {},
): Promise<{ outcome: 'checkedIn' | 'alreadyCheckedIn'; data: StudentCheckInAnswer }> {
  const studentid = user.role === 'student' ? user.studentIds?.[0] : undefined;
  const student = studentid ? await getStudent(studentid) : null;
  if (!studentid || !student) throw new Forbidden(CHECK_IN_MESSAGES.noneOpen);
  const { timeZone, checkInNetworks } = await getSettings();
  const open = await openCheckInsOf(todayIn(timeZone, now), [student.divisionid, student.batchid], now);
  if (open.length === 0) throw new Invalid(CHECK_IN_MESSAGES.noneOpen);
  const shown = open.find((checkIn) => codeMatches(checkIn.secret, input.code, now.getTime()));
  if (!shown) throw new Invalid(CHECK_IN_MESSAGES.wrongCode);
  // Outside the college's networks is flagged, never refused: phones move between Wi-Fi and mobile data.
  const flags = outsideNetworks(checkInNetworks, clientIp) ? (['outside'] as const) : [];
  const outcome = await recordCheckIn(shown, studentid, deviceHashOf(shown._id, input.deviceKey), { flags: [...flags], now });
  if (outcome === 'closed') throw new Invalid(CHECK_IN_MESSAGES.noneOpen);
  if (outcome === 'deviceTaken') throw new Conflict(CHECK_IN_MESSAGES.deviceTaken);
  const course = await getNode('course', shown.courseid);
  return { outcome, data: { _id: shown._id, course: course?.name ?? '', at: now.toISOString() } };
}
