import type { Guardian } from '@shared/schemas/guardians';
import { batchGet } from '../batch';
import { studentById } from '../entities/student';
import type { StudentItem } from '../repositories/students';
import { siteUrl } from './compose';

/**
 * A student's alerts go to their guardian contacts too (docs/product.md §10): each contact with an
 * email gets its own copy, worded for a parent. The job names the contact by its place on the
 * student record; its address and name are read from the record when sending, so a contact removed
 * or changed since the job listed it is never mailed at its old address.
 */
export interface GuardianRecipient {
  kind: 'guardian';
  /** The student whose guardian this is. */
  id: string;
  /** The contact's place in the student's `guardians` (0-based). */
  contact: number;
}

/** A guardian contact as read when sending: its address, lower-cased, is what the sent log claims. */
export interface GuardianContact extends Guardian {
  email: string;
}

/** The guardian recipients of a student as listed: one per contact with an email. */
export const guardianRecipients = (student: Pick<StudentItem, '_id' | 'guardians'>): GuardianRecipient[] =>
  (student.guardians ?? []).flatMap((guardian, contact) =>
    guardian.email ? [{ kind: 'guardian' as const, id: student._id, contact }] : [],
  );

export const guardianKey = (recipient: GuardianRecipient) => `${recipient.id}#${recipient.contact}`;

/**
 * The current contact of each guardian recipient (one read of their students, 100 at a time). Missing
 * when the student was deleted, the contact removed or left with no email, or its address is the
 * student's own: the student's email already reaches that inbox.
 */
export async function currentGuardians(recipients: GuardianRecipient[]): Promise<Map<string, GuardianContact>> {
  if (recipients.length === 0) return new Map();
  const students = new Map(
    (await batchGet<StudentItem>(recipients.map((recipient) => studentById(recipient.id)))).map((student) => [student._id, student]),
  );
  const contacts = new Map<string, GuardianContact>();
  for (const recipient of recipients) {
    const student = students.get(recipient.id);
    const guardian = student?.guardians?.[recipient.contact];
    const email = guardian?.email?.trim().toLowerCase();
    if (!guardian || !email || email === student?.email?.trim().toLowerCase()) continue;
    contacts.set(guardianKey(recipient), { ...guardian, email });
  }
  return contacts;
}

/** "Asha Patil's" */
export const possessive = (name: string) => `${name}'s`;

/** The link every alert to a student or guardian carries: the sign-in page with their address filled in, then their Home. */
export const attendanceHomeLink = (to: string, label: string) => ({ label, url: siteUrl(`/login?email=${encodeURIComponent(to)}`) });

export const STUDENT_LINK_LABEL = 'See your attendance and how many classes you can still miss';
export const guardianLinkLabel = (studentName: string) =>
  `See ${possessive(studentName)} attendance and how many classes they can still miss`;

export const guardianWhy = (studentName: string, collegeName: string) =>
  `You receive this email because you are named as ${possessive(studentName)} guardian at ${collegeName}.`;
