import { countAll } from '../db';
import { batchGet } from '../batch';
import { forEachInParallel } from '../alerts/college';
import { isThrottling, type Mailer } from '../alerts/mailer';
import { queuedMails, type InvitationMailItem, type InvitationRunItem } from '../entities/invitation';
import { studentById, type StudentItem } from '../entities/student';
import { Conflict, Invalid } from '../domain-errors';
import { logger } from '../http/logger';
import { minorAge } from '@shared/minors';
import { noteGuardianInformed, openGuardianAccount, openStudentAccount, recordNames, type AccountItem } from '../repositories/accounts';
import {
  claimMail,
  dropOrphan,
  getRuns,
  noteInvited,
  queuedPage,
  releaseMail,
  settleMail,
  type MailClaim,
  type Outcome,
} from '../repositories/invitations';
import { collegeNameForEmails } from '../repositories/set-password-links';
import { getSettings } from '../repositories/settings';
import { invitationEmail } from './invitation-email';

/**
 * Sends the queued invitations (docs/product.md §4), a step of the jobs' Lambda after the alerts: page by page
 * through the queue (oldest run first), each email claimed, its account opened, sent and settled. The mailer
 * paces the sending (MAIL_RATE); a send the mail service still throttles after backing off is put back and the
 * drain stops, as it does at its deadline: the next tick goes on. Nothing is sent twice but in one window: the
 * mail service took the email and the mark failed (at least once, as the alerts: docs/decisions.md).
 */
export interface DrainOptions {
  mailer: Mailer;
  /** Epoch milliseconds: no new page is claimed after it. */
  deadline: number;
  leaseMs?: number;
  /** Emails claimed at once. */
  chunk?: number;
  now?: () => number;
}

export interface DrainReport {
  sent: number;
  skipped: number;
  failed: number;
  /** Still queued when the drain stopped: its deadline came or the mail service throttled. */
  left: number;
}

/** Long enough for one email through the mailer's slowest back-off: a live claim is never taken over. */
const LEASE_MS = 5 * 60_000;
const CHUNK = 100;
const PARALLEL_SENDS = 4;
/** A queued email with no run this much later belongs to a run whose creation failed. */
const ORPHAN_MS = 10 * 60_000;

type Account = AccountItem & { lastInvitedAt?: string };
type Opened = { account: Account; children: StudentItem[] } | { skip: 'noEmail' | 'emailTaken' | 'gone' };

/** Opens (or finds) the recipient's account, from the records as they are now: a student deleted since gets nothing. */
async function openAccountOf(mail: InvitationMailItem, records: Map<string, StudentItem>): Promise<Opened> {
  try {
    if (mail.kind === 'student') {
      const record = records.get(mail.studentIds[0]!);
      if (!record) return { skip: 'gone' };
      if (!record.email) return { skip: 'noEmail' };
      return { account: await openStudentAccount(record), children: [] };
    }
    const children = mail.studentIds
      .map((id) => records.get(id))
      .filter((record): record is StudentItem => record !== undefined && recordNames(record, { role: 'guardian', email: mail.email }));
    if (!children.length) return { skip: 'gone' };
    let account: Account | undefined;
    for (const child of children) account = await openGuardianAccount({ name: mail.name, email: mail.email }, child._id);
    return { account: account!, children };
  } catch (error) {
    if (error instanceof Conflict) return { skip: 'emailTaken' };
    if (error instanceof Invalid) return { skip: 'noEmail' };
    throw error;
  }
}

export async function drainInvitations(options: DrainOptions): Promise<DrainReport> {
  const now = options.now ?? Date.now;
  const report: DrainReport = { sent: 0, skipped: 0, failed: 0, left: 0 };
  let stopped = false;
  let collegeName: string | undefined;
  let timeZone: string | undefined;

  async function deliver(claim: MailClaim, run: InvitationRunItem, records: Map<string, StudentItem>): Promise<void> {
    const settle = async (outcome: Outcome) => {
      if (await settleMail(claim, outcome)) report[outcome.state] += 1;
    };
    if (stopped) return releaseMail(claim);
    const opened = await openAccountOf(claim.mail, records);
    if ('skip' in opened) return settle({ state: 'skipped', reason: opened.skip });
    const { account, children } = opened;
    if (run.scope === 'uninvited' && account.lastInvitedAt && account.lastInvitedAt < run.createdAt) {
      return settle({ state: 'skipped', reason: 'alreadyInvited' });
    }
    collegeName ??= await collegeNameForEmails();
    const email = invitationEmail({
      to: account.email,
      name: claim.mail.kind === 'student' ? account.username : claim.mail.name,
      kind: claim.mail.kind,
      children: children.map((child) => child.name),
      site: run.site,
      collegeName,
    });
    try {
      await options.mailer.send(email);
    } catch (error) {
      if (isThrottling(error)) {
        stopped = true;
        return releaseMail(claim);
      }
      logger.warn('invitation not sent', { runId: run._id, error });
      return settle({ state: 'failed', reason: error instanceof Error ? error.message : String(error) });
    }
    // Sent: a failure to note it leaves the claim to run out and the email to be sent again (never lost).
    await settle({ state: 'sent' }).catch((error: unknown) => logger.error('invitation sent but not noted', { runId: run._id, error }));
    await noteInvited(account._id).catch((error: unknown) => logger.error('invitation sent but not noted on the account', { error }));
    if (claim.mail.kind === 'guardian') await noteMinorsInformed(claim.mail.email, children);
  }

  /** A guardian's invitation informs them of their minor children's records: noted on each (docs/product.md §2.6). */
  async function noteMinorsInformed(email: string, children: StudentItem[]): Promise<void> {
    try {
      if (!children.some((child) => child.dob)) return;
      const zone = (timeZone ??= (await getSettings()).timeZone);
      const minors = children.filter((child) => minorAge(child.dob, zone, now()) !== null);
      await Promise.all(minors.map((child) => noteGuardianInformed(child._id, email, new Date(now()))));
    } catch (error) {
      logger.error('invitation sent but its guardian not noted as informed', { error });
    }
  }

  let startKey: Record<string, unknown> | undefined;
  do {
    if (now() >= options.deadline) {
      stopped = true;
      break;
    }
    const page = await queuedPage(options.chunk ?? CHUNK, startKey);
    startKey = page.next;
    const runs = await getRuns([...new Set(page.items.map((mail) => mail.runId))]);
    const orphans = page.items.filter((mail) => !runs.has(mail.runId) && Date.parse(mail.createdAt) < now() - ORPHAN_MS);
    await Promise.all(orphans.map(dropOrphan));
    const claimed = await Promise.all(
      page.items.filter((mail) => runs.has(mail.runId)).map((mail) => claimMail(mail, options.leaseMs ?? LEASE_MS, now())),
    );
    const claims = claimed.filter((claim): claim is MailClaim => claim !== null);
    if (!claims.length) continue;
    let records: Map<string, StudentItem>;
    try {
      const ids = claims.flatMap(({ mail }) => mail.studentIds);
      records = new Map((await batchGet<StudentItem>(ids.map(studentById))).map((record) => [record._id, record]));
    } catch (error) {
      // Nothing of this page was sent: its claims go back to the queue at once (else their leases run out).
      await Promise.all(claims.map((claim) => releaseMail(claim).catch(() => undefined)));
      throw error;
    }
    await forEachInParallel(claims, PARALLEL_SENDS, (claim) => deliver(claim, runs.get(claim.mail.runId)!, records));
  } while (startKey && !stopped);
  if (stopped) report.left = await countAll(queuedMails());
  return report;
}
