import { batchGet } from '../batch';
import { studentById } from '../entities/student';
import * as keys from '../keys';
import { userProfile } from '../entities/user';
import { logger } from '../http/logger';
import { forEachInParallel } from './college';
import { currentGuardians, guardianKey, type GuardianContact, type GuardianRecipient } from './guardians';
import type { Mailer, OutgoingEmail } from './mailer';
import { claim, markDropped, markSent, release } from './sent-log';

/** Who an alert goes to: a student or a user (faculty, admin), by id; the address is read when sending. */
export interface PersonRecipient {
  kind: 'student' | 'user';
  id: string;
}
export type Recipient = PersonRecipient | GuardianRecipient;

interface DeliveryBase {
  subject: string;
  memo?: unknown;
}
/** A student's or user's email, composed for their current address; logged under (run, `kind#id`, subject). */
export interface PersonDelivery extends DeliveryBase {
  recipient: PersonRecipient;
  compose: (to: string) => OutgoingEmail;
}
/**
 * A guardian's email, composed for the contact as read from the student record when sending (its
 * address and name); logged under (run, `guardian#<address>`, subject): two contacts with one address
 * get one email.
 */
export interface GuardianDelivery extends DeliveryBase {
  recipient: GuardianRecipient;
  composeFor: (guardian: GuardianContact) => OutgoingEmail;
}
/** One email of a run. */
export type Delivery = PersonDelivery | GuardianDelivery;

const isForGuardian = (delivery: Delivery): delivery is GuardianDelivery => delivery.recipient.kind === 'guardian';

export interface DeliveryContext {
  mailer: Mailer;
  /** Epoch milliseconds: no new email is claimed after it (the rest is left for the next run). */
  deadline: number;
  leaseMs?: number;
  now?: () => number;
}

export interface DeliveryReport {
  sent: number;
  /** Already sent, dropped or failed for good, or being sent by another run. */
  skipped: number;
  /** The recipient was deleted since the job listed them (a guardian: the contact removed, or left without an email). */
  dropped: number;
  /** The send failed: released for the next run. */
  failed: number;
  /** Not tried: the deadline came first. */
  left: number;
}

const CHUNK = 100;
/** Emails in flight at once; the mailer's rate (mailer.ts) is what really paces them. */
const PARALLEL_SENDS = 4;

export const emptyReport = (): DeliveryReport => ({ sent: 0, skipped: 0, dropped: 0, failed: 0, left: 0 });

export const addReports = (a: DeliveryReport, b: DeliveryReport): DeliveryReport => ({
  sent: a.sent + b.sent,
  skipped: a.skipped + b.skipped,
  dropped: a.dropped + b.dropped,
  failed: a.failed + b.failed,
  left: a.left + b.left,
});

const keyOf = (recipient: PersonRecipient) => (recipient.kind === 'student' ? studentById(recipient.id) : userProfile(recipient.id));

/** The current address of each recipient that still exists (one BatchGetItem per 100): deleted ones are missing. */
async function currentAddresses(recipients: PersonRecipient[]): Promise<Map<string, string>> {
  const found = await batchGet<{ _id: string; email?: string; entity?: string }>(recipients.map(keyOf));
  return new Map(
    found.filter((item) => item.email).map((item) => [`${item.entity === 'user' ? 'user' : 'student'}#${item._id}`, item.email!]),
  );
}

interface Named {
  delivery: Delivery;
  /** The recipient as the sent log names it. */
  logAs: string;
  /** A guardian's contact, read before the claim. */
  guardian?: GuardianContact;
}

/**
 * The log names of a chunk's deliveries. A guardian's is its address, read now from the student
 * record: one gone (or without an email now) is dropped unclaimed, and a second delivery to the same
 * address with the same subject is skipped.
 */
async function withLogNames(chunk: Delivery[], report: DeliveryReport): Promise<Named[]> {
  const contacts = await currentGuardians(chunk.flatMap(({ recipient }) => (recipient.kind === 'guardian' ? [recipient] : [])));
  const seen = new Set<string>();
  const result: Named[] = [];
  for (const delivery of chunk) {
    const { recipient } = delivery;
    const guardian = recipient.kind === 'guardian' ? contacts.get(guardianKey(recipient)) : undefined;
    if (recipient.kind === 'guardian' && !guardian) {
      report.dropped += 1;
      continue;
    }
    const logAs = guardian ? `guardian#${guardian.email}` : `${recipient.kind}#${recipient.id}`;
    if (seen.has(`${logAs}\n${delivery.subject}`)) {
      report.skipped += 1;
      continue;
    }
    seen.add(`${logAs}\n${delivery.subject}`);
    result.push({ delivery, logAs, guardian });
  }
  return result;
}

/**
 * Sends the deliveries of one run, each at most once however often the run is repeated (claim →
 * send → mark sent, sent-log.ts), 100 at a time: the chunk's guardian contacts read, its claims, then
 * one read of its other recipients (a student or user deleted meanwhile gets nothing), then its emails.
 */
export async function deliverAll(run: keys.AlertRun, deliveries: Delivery[], context: DeliveryContext): Promise<DeliveryReport> {
  const report = emptyReport();
  const now = context.now ?? Date.now;
  for (let start = 0; start < deliveries.length; start += CHUNK) {
    if (now() >= context.deadline) {
      report.left += deliveries.length - start;
      break;
    }
    const chunk = await withLogNames(deliveries.slice(start, start + CHUNK), report);
    const claims = await Promise.all(
      chunk.map(({ delivery, logAs }) =>
        claim(run, logAs, delivery.subject, {
          now: now(),
          leaseMs: context.leaseMs,
          memo: delivery.memo,
          about: delivery.recipient.kind === 'user' ? undefined : delivery.recipient.id,
        }),
      ),
    );
    const held = chunk.flatMap((one, at) => (claims[at] ? [{ ...one, claim: claims[at] }] : []));
    report.skipped += chunk.length - held.length;
    if (held.length === 0) continue;
    const people = held.flatMap(({ delivery: { recipient } }) => (recipient.kind === 'guardian' ? [] : [recipient]));
    const addresses = people.length > 0 ? await currentAddresses(people) : new Map<string, string>();

    await forEachInParallel(held, PARALLEL_SENDS, async (one) => {
      const email = composed(one, addresses);
      if (!email) {
        await markDropped(one.claim, now());
        report.dropped += 1;
        return;
      }
      try {
        await context.mailer.send(email);
      } catch (error) {
        logger.warn('alert email not sent: released for the next run', { run, subject: one.delivery.subject, error });
        await release(one.claim, error instanceof Error ? error.message : String(error));
        report.failed += 1;
        return;
      }
      report.sent += 1;
      // Sent: a failure to log it leaves the claim to run out and be sent again (at least once, never lost).
      await markSent(one.claim, now()).catch((error: unknown) => logger.error('alert email sent but not logged', { run, error }));
    });
  }
  return report;
}

/** The email of a held delivery to its current address; null when its student or user is gone. */
function composed({ delivery, guardian }: Named, addresses: Map<string, string>): OutgoingEmail | null {
  if (isForGuardian(delivery)) return guardian ? delivery.composeFor(guardian) : null;
  const address = addresses.get(`${delivery.recipient.kind}#${delivery.recipient.id}`);
  return address ? delivery.compose(address) : null;
}
