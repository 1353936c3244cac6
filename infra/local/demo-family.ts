import { DEMO_FAMILY } from '@functions/lib/demo-accounts';
import { enrollmentClaim } from '@functions/lib/entities/student';
import { openGuardianAccount, openStudentAccount } from '@functions/lib/repositories/accounts';
import { batchGet } from '@functions/lib/batch';
import { getStudents, updateStudent } from '@functions/lib/repositories/students';

/**
 * The demo student and guardian (README): the first student of Semester 3 signs in as student@sams.local,
 * and guardian@sams.local is the guardian of that student and the next (siblings), each with an account.
 */
export async function seedDemoFamily(): Promise<void> {
  const { student, guardian } = DEMO_FAMILY;
  const claims = await batchGet<{ studentId: string }>(guardian.children.map(enrollmentClaim));
  const found = await getStudents(claims.map((claim) => claim.studentId));
  const children = guardian.children
    .map((enrollment) => found.find((one) => one.enrollment === enrollment))
    .filter((one) => one !== undefined);
  if (children.length !== guardian.children.length) return;
  const contact = { name: guardian.name, relation: guardian.relation, email: guardian.email };
  for (const child of children) {
    const email = child.enrollment === student.enrollment ? student.email : child.email;
    await updateStudent(child._id, { email, guardians: [contact] });
  }
  await openStudentAccount({ ...children[0]!, email: student.email });
  for (const child of children) await openGuardianAccount(contact, child._id);
}
