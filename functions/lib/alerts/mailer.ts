import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import nodemailer from 'nodemailer';

/**
 * The one way SAMS sends email (docs/product.md §10): nodemailer, over Amazon SES (SESv2) when
 * deployed, over SMTP to the local mail catcher when SMTP_URL is set (`npm start`, tests).
 *
 *   MAIL_ENABLED   'true' to send at all (the stack parameter AlertsEnabled); otherwise no mailer
 *   MAIL_FROM      the sender address (the stack parameter AlertsSender, a verified SES identity)
 *   SMTP_URL       smtp://host:port of a catcher instead of SES
 *   MAIL_RATE      emails per second at most (SES's sending rate; default 10)
 */
export interface OutgoingEmail {
  to: string;
  /** The sender's display name: the college's. */
  fromName: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SES's throttling (TooManyRequests, or 'Maximum sending rate exceeded'), or an SMTP server's "try later" (4xx). */
export function isThrottling(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { name, message } = error;
  const code = (error as { responseCode?: number }).responseCode;
  return (
    ['TooManyRequestsException', 'ThrottlingException', 'Throttling', 'LimitExceededException'].includes(name) ||
    (typeof code === 'number' && code >= 400 && code < 500) ||
    /throttl|rate exceeded/i.test(message)
  );
}

export interface BackoffOptions {
  attempts?: number;
  baseMs?: number;
  capMs?: number;
}

/**
 * Sends again after throttling, with jittered exponential waits (0.2 s, 0.4 s, … up to 10 s, 8
 * attempts: about a minute in all); any other failure, or throttling past the last attempt, is thrown.
 */
export function withBackoff(mailer: Mailer, { attempts = 8, baseMs = 200, capMs = 10_000 }: BackoffOptions = {}): Mailer {
  return {
    async send(email) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await mailer.send(email);
        } catch (error) {
          if (!isThrottling(error) || attempt >= attempts) throw error;
          await sleep(Math.random() * Math.min(capMs, baseMs * 2 ** attempt));
        }
      }
    },
  };
}

/** At most `perSecond` sends start each second, however many callers share the mailer. */
export function withRate(mailer: Mailer, perSecond: number): Mailer {
  const gap = 1000 / perSecond;
  let nextSlot = 0;
  return {
    async send(email) {
      const now = Date.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + gap;
      if (slot > now) await sleep(slot - now);
      return mailer.send(email);
    },
  };
}

function transportOf(env: NodeJS.ProcessEnv) {
  if (env.SMTP_URL) return nodemailer.createTransport(env.SMTP_URL);
  return nodemailer.createTransport({ SES: { sesClient: new SESv2Client({}), SendEmailCommand } });
}

/** The mailer the environment configures, rate-limited and backing off; null when sending is off. */
export function mailerFromEnvironment(env: NodeJS.ProcessEnv = process.env): Mailer | null {
  if (env.MAIL_ENABLED !== 'true') return null;
  const from = env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set: the sender address of the alerts');
  const transport = transportOf(env);
  const direct: Mailer = {
    async send(email) {
      await transport.sendMail({
        from: { name: email.fromName, address: from },
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
    },
  };
  // Each attempt, a retry too, waits for its slot: the rate holds while backing off.
  return withBackoff(withRate(direct, Number(env.MAIL_RATE ?? 10)));
}
