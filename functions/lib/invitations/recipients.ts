import type { InvitationAudience, InvitationScope, SkipReason } from '@shared/schemas/invitation-choices';
import { batchGet } from '../batch';
import type { StudentItem } from '../entities/student';
import { emailClaim, userProfile } from '../entities/user';
import { listStudentsByBatch, listStudentsByDivision } from '../repositories/group-students';
import { getNode, listActiveTerms, listChildren, notFound, type StructureItem } from '../repositories/structure';

/** One email of a run: a student, or a guardian (one address) with the children who name it. */
export interface Recipient {
  kind: 'student' | 'guardian';
  studentIds: string[];
  name: string;
  email: string;
}

export interface RecipientList {
  recipients: Recipient[];
  skipped: SkipReason[];
  scopeName?: string;
}

type Scope = { scope: InvitationScope; id?: string };

async function studentsOfSemester(semid: string): Promise<StudentItem[]> {
  const divisions = await listChildren('division', semid);
  return (await Promise.all(divisions.map((division) => listStudentsByDivision(division._id)))).flat();
}

/** The students of the active terms: "everyone" for a run that invites whoever is not invited yet. */
async function studentsOfActiveTerms(): Promise<StudentItem[]> {
  const semesters = (await Promise.all((await listActiveTerms()).map((term) => listChildren('semester', term._id)))).flat();
  return (await Promise.all(semesters.map((semester) => studentsOfSemester(semester._id)))).flat();
}

async function studentsOf({ scope, id }: Scope): Promise<{ students: StudentItem[]; node?: StructureItem }> {
  if (scope === 'uninvited') return { students: await studentsOfActiveTerms() };
  const node = await getNode(scope, id!);
  if (!node || node.deleting) throw notFound(scope);
  const students =
    scope === 'batch'
      ? await listStudentsByBatch(id!)
      : scope === 'division'
        ? await listStudentsByDivision(id!)
        : await studentsOfSemester(id!);
  return { students, node };
}

/** Students and guardians, one recipient per address: a guardian of siblings gets one email. */
function recipientsOf(students: StudentItem[], who: InvitationAudience): RecipientList {
  const recipients: Recipient[] = [];
  const skipped: SkipReason[] = [];
  const guardians = new Map<string, Recipient>();
  for (const student of students) {
    if (who !== 'guardians') {
      if (student.email)
        recipients.push({ kind: 'student', studentIds: [student._id], name: student.name, email: student.email.toLowerCase() });
      else skipped.push('noEmail');
    }
    if (who === 'students') continue;
    for (const contact of student.guardians ?? []) {
      if (!contact.email) {
        skipped.push('noEmail');
        continue;
      }
      const email = contact.email.toLowerCase();
      const known = guardians.get(email);
      if (known) known.studentIds.push(student._id);
      else guardians.set(email, { kind: 'guardian', studentIds: [student._id], name: contact.name, email });
    }
  }
  return { recipients: [...recipients, ...guardians.values()], skipped };
}

/**
 * Who has an invitation already (an email sent: the account's lastInvitedAt): a student by the account of their
 * id, a guardian by the account of their address, and only when it is linked to every child of this run.
 */
async function alreadyInvited(recipients: Recipient[]): Promise<Set<Recipient>> {
  const claims = await batchGet<{ pk: string; userId: string }>(
    recipients.filter((one) => one.kind === 'guardian').map((one) => emailClaim(one.email)),
  );
  const accountOf = new Map(claims.map((claim) => [claim.pk, claim.userId]));
  const idOf = (one: Recipient) => (one.kind === 'student' ? one.studentIds[0]! : accountOf.get(emailClaim(one.email).pk));
  const ids = recipients.map(idOf).filter((id): id is string => id !== undefined);
  const profiles = await batchGet<{ _id: string; lastInvitedAt?: string; studentIds?: Set<string> }>(ids.map(userProfile));
  const byId = new Map(profiles.map((profile) => [profile._id, profile]));
  return new Set(
    recipients.filter((one) => {
      const profile = byId.get(idOf(one) ?? '');
      if (!profile?.lastInvitedAt) return false;
      return one.kind === 'student' || one.studentIds.every((id) => profile.studentIds?.has(id));
    }),
  );
}

/** Everyone a run invites, and those it skips with why. A batch, division or semester that is not there is Not found. */
export async function listRecipients(scope: Scope, who: InvitationAudience): Promise<RecipientList> {
  const { students, node } = await studentsOf(scope);
  const list = recipientsOf(students, who);
  if (scope.scope !== 'uninvited') return { ...list, scopeName: node?.name };
  // Everyone not invited yet: those invited already are left out, not counted (they are not this run's).
  const invited = await alreadyInvited(list.recipients);
  return { recipients: list.recipients.filter((one) => !invited.has(one)), skipped: list.skipped };
}
