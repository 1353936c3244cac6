import { batchGet } from '@functions/lib/batch';
import { DEMO_ACCOUNTS, DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { enrollmentClaim } from '@functions/lib/entities/student';
import { setCoordinators } from '@functions/lib/repositories/coordinators';
import { getStudent } from '@functions/lib/repositories/students';
import { findUserForLogin } from '@functions/lib/repositories/users';

/**
 * The demo faculty member (faculty@sams.local) coordinates the demo student's division: a leave the demo student
 * or guardian applies for shows on that faculty member's Home, to approve (docs/product.md §2.17).
 */
export async function seedDemoCoordinators(): Promise<void> {
  const [claim] = await batchGet<{ studentId: string }>([enrollmentClaim(DEMO_FAMILY.student.enrollment)]);
  const student = claim && (await getStudent(claim.studentId));
  const faculty = await findUserForLogin(DEMO_ACCOUNTS.find((account) => account.role === 'faculty')!.email);
  if (!student || !faculty) return;
  await setCoordinators(student.divisionid, [faculty._id]);
}
