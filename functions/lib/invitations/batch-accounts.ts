import type { BatchAccounts, AccountState } from '@shared/schemas/invitation';
import { batchGet } from '../batch';
import { emailClaim, userProfile } from '../entities/user';
import { listStudentsByBatch } from '../repositories/group-students';
import { lastSignInOf, type SignInFields } from '../repositories/sign-in-records';

interface Profile extends SignInFields {
  _id: string;
  role: string;
  lastInvitedAt?: string;
}

/**
 * Each student of a batch and each of their guardian contacts with their account's state (docs/product.md §4):
 * not invited, invited (the email went) at, signed in last at and how; or the address is another account's. Reads the
 * batch's list, the claims of its addresses and their accounts (BatchGetItem, 100 a request).
 */
export async function accountsOfBatch(batchid: string): Promise<BatchAccounts> {
  const students = await listStudentsByBatch(batchid);
  const addresses = new Set<string>();
  for (const student of students) {
    if (student.email) addresses.add(student.email.toLowerCase());
    for (const contact of student.guardians ?? []) if (contact.email) addresses.add(contact.email.toLowerCase());
  }
  const claims = await batchGet<{ pk: string; userId: string }>([...addresses].map(emailClaim));
  const holderOf = new Map(claims.map((claim) => [claim.pk, claim.userId]));
  const profiles = await batchGet<Profile>([...new Set(holderOf.values())].map(userProfile));
  const profileOf = new Map(profiles.map((profile) => [profile._id, profile]));

  const stateOf = (email: string | undefined, isTheirs: (profile: Profile) => boolean): AccountState => {
    if (!email) return {};
    const holder = holderOf.get(emailClaim(email).pk);
    const profile = holder ? profileOf.get(holder) : undefined;
    if (!profile) return { email };
    if (!isTheirs(profile)) return { email, emailTaken: true };
    const lastSignIn = lastSignInOf(profile);
    return {
      email,
      ...(profile.lastInvitedAt ? { invitedAt: profile.lastInvitedAt } : {}),
      ...(lastSignIn ? { signedInAt: lastSignIn.at } : {}),
      ...(lastSignIn?.method ? { signedInBy: lastSignIn.method } : {}),
    };
  };

  return students.map((student) => ({
    _id: student._id,
    enrollment: student.enrollment,
    name: student.name,
    account: stateOf(student.email, (profile) => profile._id === student._id),
    guardians: (student.guardians ?? []).map((contact) => ({
      name: contact.name,
      relation: contact.relation,
      account: stateOf(contact.email, (profile) => profile.role === 'guardian'),
    })),
  }));
}
