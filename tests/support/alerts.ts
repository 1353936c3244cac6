import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Mailer } from '@functions/lib/alerts/mailer';
import { runJobs, type JobName, type RunOptions } from '@functions/lib/alerts/jobs';
import type { JobResult } from '@functions/lib/alerts/schedule';
import {
  caughtMails,
  clearMails,
  startMailCatcher,
  useMailCatcherEnvironment,
  waitForMails,
  type CaughtMail,
  type MailCatcher,
} from '@infra/local/mail-catcher';

export const SITE = 'http://sams.test';

/**
 * This file's mail catcher (maildev, as `npm start` runs it), with the alert jobs' environment
 * pointed at it; each test starts with an empty inbox.
 */
export function useMailCatcher() {
  const fixture = { catcher: undefined as MailCatcher | undefined };
  beforeAll(async () => {
    fixture.catcher = await startMailCatcher();
    useMailCatcherEnvironment(fixture.catcher);
    process.env.SITE_URL = SITE;
    process.env.MAIL_RATE = '1000';
  });
  beforeEach(async () => clearMails(fixture.catcher!.inboxUrl));
  afterAll(() => fixture.catcher?.stop());
  return {
    /** Every mail caught so far, once `count` have arrived (or 10 s passed): `mails()` for what is there now. */
    mails: (count = 0): Promise<CaughtMail[]> =>
      count ? waitForMails(fixture.catcher!.inboxUrl, count) : caughtMails(fixture.catcher!.inboxUrl),
    /** Waits a moment for stray mails, then answers all: how a test sees that nothing more came. */
    async settled(): Promise<CaughtMail[]> {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return caughtMails(fixture.catcher!.inboxUrl);
    },
  };
}

/** Runs jobs as the schedule does at `at` (an ISO time, UTC). */
export const runAt = (at: string, jobs: JobName[], options: RunOptions = {}): Promise<JobResult[]> =>
  runJobs(jobs, { at: new Date(at), ...options });

export const recipientsOf = (mails: CaughtMail[]): string[] => mails.flatMap((mail) => mail.to.map((to) => to.address)).sort();

/** A mailer that fails as told before handing the email to `inner`: how tests inject throttling and outages. */
export function flakyMailer(
  inner: Mailer,
  fail: (to: string, attempt: number) => Error | null,
): Mailer & { attempts: Map<string, number> } {
  const attempts = new Map<string, number>();
  return {
    attempts,
    async send(email) {
      const attempt = (attempts.get(email.to) ?? 0) + 1;
      attempts.set(email.to, attempt);
      const error = fail(email.to, attempt);
      if (error) throw error;
      await inner.send(email);
    },
  };
}

export const throttled = () => Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'TooManyRequestsException' });
