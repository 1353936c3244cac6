import { composeEmail, type AlertContent } from '../alerts/compose';
import { linkSender } from '../auth/set-password-mailer';
import { logger } from '../http/logger';
import type { LeaveRecord } from '../repositories/leaves';
import { getSettings } from '../repositories/settings';
import { getStudent } from '../repositories/students';

const WORDS = {
  applied: 'has been received and waits for a decision',
  approved: 'has been approved',
  rejected: 'has been rejected',
  withdrawn: 'has been withdrawn',
  revoked: 'has been revoked',
} as const;

/**
 * Every step of an application is an email to the student and each guardian contact with an address (docs/product.md
 * §2.17), sent once the step is stored. A mail that fails is logged, never undoes the step: the application's
 * history and the student's Home say the same.
 */
export async function mailStep(record: LeaveRecord, appOrigin: string | undefined): Promise<void> {
  const sender = linkSender(appOrigin);
  if (!sender) return;
  const [student, settings] = await Promise.all([getStudent(record.studentid), getSettings()]);
  if (!student) return;
  const last = record.history[record.history.length - 1]!;
  const own = student.email?.trim().toLowerCase();
  const guardians = (student.guardians ?? []).flatMap((guardian) => {
    const email = guardian.email?.trim().toLowerCase();
    return email && email !== own ? [email] : [];
  });
  const college = settings.collegeName || 'Your college';
  const days = record.from === record.to ? record.from : `${record.from} to ${record.to}`;
  const content = (address: string, to: 'student' | 'guardian'): AlertContent => ({
    subject: `${record.kind} leave ${record.ref} ${last.action}`,
    greeting: to === 'student' ? `Dear ${student.name},` : 'Dear parent or guardian,',
    paragraphs: [
      `${to === 'student' ? 'Your' : `${student.name}'s`} ${record.kind.toLowerCase()} leave application ${record.ref} (${days}) ${WORDS[last.action]}${
        last.action === 'applied' ? '' : ` by ${last.by.username}`
      }.`,
      ...(last.comment ? [`Comment: ${last.comment}`] : []),
    ],
    link: { label: 'See the application in SAMS', url: `${sender.site}/login?email=${encodeURIComponent(address)}` },
    why: `You get this email because you are ${to === 'student' ? 'the student' : 'a guardian of the student'} this application is for.`,
    always: true,
  });
  const mails = [
    ...(own ? [composeEmail(own, college, content(own, 'student'))] : []),
    ...guardians.map((email) => composeEmail(email, college, content(email, 'guardian'))),
  ];
  for (const mail of mails) {
    try {
      await sender.mailer.send(mail);
    } catch (error) {
      logger.warn('leave email not sent', { leave: record._id, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
