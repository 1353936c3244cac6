import { performance } from 'node:perf_hooks';
import { withBackoff, withRate, type Mailer } from '@functions/lib/alerts/mailer';
import { drainInvitations } from '@functions/lib/invitations/drain';
import { IMPORT_MAX_ROWS } from '@shared/schemas/student-import';
import type { InvitationRun } from '@shared/schemas/invitation';
import type { BenchContext } from '../context';
import { round } from '../measure';

export interface InvitationsResult {
  students: number;
  /** POST invitation: the recipients listed and the outbox written, answered. */
  queueSeconds: number;
  mailRate: number;
  sendSeconds: number;
  achievedRate: number;
  sent: number;
  /** Addresses mailed more than once, and recipients never mailed: both must be 0. */
  doubled: number;
  missed: number;
  runCounters: { total: number; sent: number; skipped: number; failed: number };
}

const STUDENTS = 5000;
/** The bench paces sends as deployed (withRate, MAIL_RATE) at a rate that keeps the run short; SES's default is 14/s. */
const BENCH_MAIL_RATE = 250;

/**
 * 5,000 invitations: 5,000 students imported into a semester of the demo college, all invited in one run
 * (POST invitation: the time to list them and write the outbox), then the queue drained as the jobs' Lambda
 * does, by one drain, through the mailer's rate limit into a mailer that records each email: the rate achieved
 * against the rate set, and each address mailed exactly once.
 */
export async function measureInvitations(context: BenchContext): Promise<InvitationsResult> {
  const semesters = (await context.call('GET', `/api/v1/semester/${context.demo.termId}`)).data as { _id: string; name: string }[];
  const semester = semesters.find((one) => one._id !== context.demo.semesterId) ?? semesters[0]!;
  const rows = Array.from({ length: STUDENTS }, (_, n) => {
    const enrollment = `IX${String(n).padStart(5, '0')}`;
    const division = `Invite Division ${1 + (n % 10)}`;
    return {
      row: n + 2,
      enrollment,
      name: `Student ${enrollment}`,
      email: `${enrollment.toLowerCase()}@bench.test`,
      semester: semester.name,
      division,
      batch: `${division} Batch ${n % 2 ? 'B' : 'A'}`,
    };
  });
  for (let at = 0; at < rows.length; at += IMPORT_MAX_ROWS) {
    const answer = await context.call('POST', '/api/v1/student/import', {
      rows: rows.slice(at, at + IMPORT_MAX_ROWS),
      dryRun: false,
      createMissing: true,
    });
    if (answer.status !== 200) throw new Error(`import: ${answer.status} ${answer.message}`);
  }

  // The bench's stack sends no email: for the run to be queued, sending is on (the drain below has its own mailer).
  Object.assign(process.env, { MAIL_ENABLED: 'true', MAIL_FROM: 'bench@sams.local', SITE_URL: process.env.SITE_URL ?? context.stack.url });
  let started = performance.now();
  const queued = await context.call('POST', '/api/v1/invitation', { scope: 'semester', id: semester._id, who: 'students' });
  delete process.env.MAIL_ENABLED;
  if (queued.status !== 202) throw new Error(`invitation: ${queued.status} ${queued.message}`);
  const queueSeconds = (performance.now() - started) / 1000;
  const run = queued.data as InvitationRun;

  const mailed = new Map<string, number>();
  const recorder: Mailer = { send: async (email) => void mailed.set(email.to, (mailed.get(email.to) ?? 0) + 1) };
  started = performance.now();
  const report = await drainInvitations({ mailer: withBackoff(withRate(recorder, BENCH_MAIL_RATE)), deadline: Date.now() + 10 * 60_000 });
  const sendSeconds = (performance.now() - started) / 1000;

  const runs = (await context.call('GET', '/api/v1/invitation')).data as InvitationRun[];
  const after = runs.find((one) => one._id === run._id)!;
  const expected = rows.map((row) => row.email);
  return {
    students: run.total,
    queueSeconds: round(queueSeconds, 2),
    mailRate: BENCH_MAIL_RATE,
    sendSeconds: round(sendSeconds, 1),
    achievedRate: round(report.sent / sendSeconds, 1),
    sent: report.sent,
    doubled: [...mailed.values()].filter((count) => count > 1).length,
    missed: expected.filter((email) => !mailed.has(email)).length,
    runCounters: { total: after.total, sent: after.sent, skipped: after.skipped, failed: after.failed },
  };
}
