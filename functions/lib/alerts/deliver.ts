import { batchGet } from '../batch';
import * as keys from '../keys';
import { logger } from '../http/logger';
import { forEachInParallel } from './college';
import type { Mailer, OutgoingEmail } from './mailer';
import { claim, markDropped, markSent, release } from './sent-log';

/** Who an alert goes to: a student or a user (faculty, admin), by id; the address is read when sending. */
export interface Recipient {
  kind: 'student' | 'user';
  id: string;
}

/** One email of a run: logged under (run, recipient, subject), composed for the recipient's current address. */
export interface Delivery {
  recipient: Recipient;
  subject: string;
  compose: (to: string) => OutgoingEmail;
  memo?: unknown;
}

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
  /** The recipient was deleted since the job listed them. */
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

const keyOf = (recipient: Recipient) => (recipient.kind === 'student' ? keys.studentById(recipient.id) : keys.userProfile(recipient.id));

/** The current address of each recipient that still exists (one BatchGetItem per 100): deleted ones are missing. */
async function currentAddresses(recipients: Recipient[]): Promise<Map<string, string>> {
  const found = await batchGet<{ _id: string; email?: string; entity?: string }>(recipients.map(keyOf));
  return new Map(
    found.filter((item) => item.email).map((item) => [`${item.entity === 'user' ? 'user' : 'student'}#${item._id}`, item.email!]),
  );
}

/**
 * Sends the deliveries of one run, each at most once however often the run is repeated (claim →
 * send → mark sent, sent-log.ts), 100 at a time: the chunk's claims, then one read of its
 * recipients (a student or user deleted meanwhile gets nothing), then its emails.
 */
export async function deliverAll(run: keys.AlertRun, deliveries: Delivery[], context: DeliveryContext): Promise<DeliveryReport> {
  const report = emptyReport();
  const now = context.now ?? Date.now;
  for (let start = 0; start < deliveries.length; start += CHUNK) {
    if (now() >= context.deadline) {
      report.left += deliveries.length - start;
      break;
    }
    const chunk = deliveries.slice(start, start + CHUNK);
    const claims = await Promise.all(
      chunk.map((delivery) =>
        claim(run, `${delivery.recipient.kind}#${delivery.recipient.id}`, delivery.subject, {
          now: now(),
          leaseMs: context.leaseMs,
          memo: delivery.memo,
        }),
      ),
    );
    const held = chunk.flatMap((delivery, at) => (claims[at] ? [{ delivery, claim: claims[at] }] : []));
    report.skipped += chunk.length - held.length;
    if (held.length === 0) continue;
    const addresses = await currentAddresses(held.map(({ delivery }) => delivery.recipient));

    await forEachInParallel(held, PARALLEL_SENDS, async ({ delivery, claim: mine }) => {
      const address = addresses.get(`${delivery.recipient.kind}#${delivery.recipient.id}`);
      if (!address) {
        await markDropped(mine, now());
        report.dropped += 1;
        return;
      }
      try {
        await context.mailer.send(delivery.compose(address));
      } catch (error) {
        logger.warn('alert email not sent: released for the next run', { run, subject: delivery.subject, error });
        await release(mine, error instanceof Error ? error.message : String(error));
        report.failed += 1;
        return;
      }
      report.sent += 1;
      // Sent: a failure to log it leaves the claim to run out and be sent again (at least once, never lost).
      await markSent(mine, now()).catch((error: unknown) => logger.error('alert email sent but not logged', { run, error }));
    });
  }
  return report;
}
