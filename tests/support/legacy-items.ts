import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/lib/db';
import { structureEntry, structureNode } from '@functions/lib/entities/structure-node';
import { enrollmentClaim, studentById, studentEntry, studentInDivision } from '@functions/lib/entities/student';
import { emailClaim, userListEntry, userProfile } from '@functions/lib/entities/user';
import type { Kind } from '@functions/lib/repositories/structure';
import type { SmallCollege } from './college';

/**
 * Items as an older release stored them: no `lookalikes`, no look-alike claims, and names as they
 * were sent (not normalised). Written straight into the table, as such data already is.
 */
const store = (item: Record<string, unknown>) => db.send(new PutCommand({ TableName: tableName(), Item: item }));

/** A semester, division, batch, course or slot under its parent (`{ termid }`, `{ semid }`…); its id. */
export async function storeLegacyNode(kind: Exclude<Kind, 'term'>, name: string, parent: Record<string, string>): Promise<string> {
  const parentKind: Record<string, Kind> = { termid: 'term', semid: 'semester', divisionid: 'division' };
  const [field, parentId] = Object.entries(parent).at(-1)!;
  const item = { _id: randomUUID(), name, ...parent };
  await store({ ...structureNode(kind, item._id), entity: kind, ...item });
  await store({ ...structureEntry(kind, name, { kind: parentKind[field]!, id: parentId }), entity: `${kind}Entry`, ...item });
  return item._id;
}

/** A student of a batch of `college`'s first division, with its enrollment claim and list entry; its id. */
export async function storeLegacyStudent(input: { enrollment: string; name: string; batchid: string; college: SmallCollege }) {
  const { college, ...fields } = input;
  const student = {
    _id: randomUUID(),
    ...fields,
    email: 'legacy@college.test',
    divisionid: college.divisions[0]!.id,
    semid: college.semid,
    termid: college.termid,
  };
  await store({ ...studentById(student._id), entity: 'student', ...student });
  await store({ ...enrollmentClaim(student.enrollment), entity: 'enrollment', studentId: student._id });
  await store({ ...studentEntry(student), ...studentInDivision(student), entity: 'studentEntry', ...student });
  return student._id;
}

/** A faculty member with the email claim (no one can sign in as them: the hash is no hash). */
export async function storeLegacyUser(email: string, username: string): Promise<string> {
  const user = { _id: randomUUID(), username, email, role: 'faculty', passwordHash: 'legacy' };
  await store({ ...userProfile(user._id), ...userListEntry(user), entity: 'user', ...user, createdAt: new Date().toISOString() });
  await store({ ...emailClaim(email), entity: 'email', userId: user._id });
  return user._id;
}
