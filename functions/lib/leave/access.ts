import { isStaff } from '@shared/constants';
import { LEAVE_MESSAGES as M } from '@shared/schemas/leave';
import { Forbidden } from '../domain-errors';
import type { CurrentUser } from '../http/types';
import type { LeaveRecord } from '../repositories/leaves';
import { getNode, getNodes } from '../repositories/structure';

/** Whether the user coordinates the division (docs/product.md §2.17); admins decide every division's leave. */
async function coordinates(user: CurrentUser, divisionid: string): Promise<boolean> {
  if (user.role === 'admin') return true;
  if (user.role !== 'faculty') return false;
  return (await getNode('division', divisionid))?.coordinators?.includes(user._id) ?? false;
}

const isFamily = (user: CurrentUser, record: LeaveRecord) => !isStaff(user.role) && (user.studentIds ?? []).includes(record.studentid);

/** Who may see an application: its student and their guardians, the coordinators of the student's division, admins. */
export async function assertMaySee(user: CurrentUser, record: LeaveRecord): Promise<void> {
  if (isFamily(user, record) || (await coordinates(user, record.divisionid))) return;
  throw new Forbidden(M.notYours);
}

export async function assertMayDecide(user: CurrentUser, record: LeaveRecord): Promise<void> {
  if (!(await coordinates(user, record.divisionid))) throw new Forbidden(M.notCoordinator);
}

export function assertMayWithdraw(user: CurrentUser, record: LeaveRecord): void {
  if (user.role !== 'admin' && !isFamily(user, record)) throw new Forbidden(M.notApplicant);
}

/** The applications a staff member may decide: an admin's all, a faculty member's those of the divisions they coordinate. */
export async function decidableBy(user: CurrentUser, records: LeaveRecord[]): Promise<LeaveRecord[]> {
  if (user.role === 'admin') return records;
  const divisionids = [...new Set(records.map((record) => record.divisionid))];
  const divisions = await getNodes(divisionids.map((id) => ['division', id]));
  const mine = new Set(divisions.flatMap((division) => (division?.coordinators?.includes(user._id) ? [division._id] : [])));
  return records.filter((record) => mine.has(record.divisionid));
}
