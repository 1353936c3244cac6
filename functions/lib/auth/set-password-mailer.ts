import { connect } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { NodeSha256 } from '../aws/node-sha256';
import type { Mailer, OutgoingEmail } from '../alerts/mailer';

/**
 * How the user Lambda sends a set-password link: the alerts' settings (MAIL_ENABLED, MAIL_FROM, SMTP_URL,
 * functions/lib/alerts/mailer.ts) and their Mailer, on a small transport of its own. The alerts' nodemailer
 * and SES client would more than double an API Lambda's bundle (its budget: tests/infra/bundled-stack.test.ts),
 * so here SES v2 is one HTTPS request signed by the SDK's own signer (@smithy/signature-v4), and the local
 * mail catcher one plain SMTP conversation. One attempt: a failure is said to the admin, who sends it again.
 */

/** A display name as a header may carry it (RFC 2047): any text, in UTF-8. */
const encodedWord = (text: string) => `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
const mailbox = (name: string, address: string) => `${encodedWord(name)} <${address}>`;

/** SES v2 SendEmail, signed with the function's credentials (Lambda puts them in the environment). */
export function sesTransport(from: string, env: NodeJS.ProcessEnv = process.env): Mailer {
  const region = env.AWS_REGION ?? 'us-east-1';
  const hostname = `email.${region}.amazonaws.com`;
  const path = '/v2/email/outbound-emails';
  return {
    async send(email) {
      const part = (Data: string) => ({ Data, Charset: 'UTF-8' });
      const body = JSON.stringify({
        FromEmailAddress: mailbox(email.fromName, from),
        Destination: { ToAddresses: [email.to] },
        Content: { Simple: { Subject: part(email.subject), Body: { Text: part(email.text), Html: part(email.html) } } },
      });
      const credentials = {
        accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
        sessionToken: env.AWS_SESSION_TOKEN,
      };
      const signer = new SignatureV4({ service: 'ses', region, credentials, sha256: NodeSha256 });
      const request = {
        method: 'POST',
        protocol: 'https:',
        hostname,
        path,
        query: {},
        headers: { host: hostname, 'content-type': 'application/json' },
        body,
      };
      // fetch sends Host itself (the signed value: the URL's host name).
      const { host: _host, ...headers } = (await signer.sign(request)).headers;
      const response = await fetch(`https://${hostname}${path}`, { method: 'POST', headers, body });
      if (!response.ok) throw new Error(`SES answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    },
  };
}

/** The message as SMTP's DATA carries it: a text and an HTML part, each UTF-8 in base64 lines. */
export function mimeMessage(email: OutgoingEmail, from: string, boundary = `sams-${Date.now().toString(36)}`): string {
  const base64 = (text: string) => Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\r\n');
  const part = (type: string, text: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', base64(text)].join('\r\n');
  return [
    `From: ${mailbox(email.fromName, from)}`,
    `To: ${email.to}`,
    `Subject: ${encodedWord(email.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', email.text),
    part('text/html', email.html),
    `--${boundary}--`,
  ].join('\r\n');
}

/** Plain SMTP to a mail catcher (smtp://host:port, no TLS, no login): what `npm start` and the tests run. */
export function smtpTransport(url: string, from: string): Mailer {
  const { hostname, port } = new URL(url);
  return {
    send: (email) =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port || 25), hostname);
        const steps = [
          'EHLO sams.local',
          `MAIL FROM:<${from}>`,
          `RCPT TO:<${email.to}>`,
          'DATA',
          `${mimeMessage(email, from).replace(/^\./gm, '..')}\r\n.`,
          'QUIT',
        ];
        let received = '';
        socket.setTimeout(10_000, () => socket.destroy(new Error('the mail server did not answer')));
        socket.on('error', reject);
        socket.on('close', () => (steps.length ? reject(new Error('the mail server closed the connection')) : resolve()));
        socket.on('data', (chunk) => {
          received += chunk.toString();
          // A reply is complete at a line "NNN text" (a "NNN-" line says more follows).
          const last = received.split('\r\n').filter(Boolean).at(-1) ?? '';
          if (!/^\d{3} /.test(last) || !received.endsWith('\r\n')) return;
          received = '';
          if (!/^[23]/.test(last)) return socket.destroy(new Error(`the mail server answered: ${last}`));
          const next = steps.shift();
          if (next) socket.write(`${next}\r\n`);
          else socket.end();
        });
      }),
  };
}

/** How a set-password link is sent, and the address of the web app it points to. */
export interface LinkSender {
  mailer: Mailer;
  site: string;
}

/**
 * The sender of links, or null when this deployment cannot email one: sending is off (MAIL_ENABLED), or no
 * sender (MAIL_FROM), or no address of the web app for the link: the admin's request's own origin, checked
 * to be this app's (request-guards.ts), else SITE_URL (a request sent without an Origin).
 */
export function linkSender(appOrigin: string | undefined, env: NodeJS.ProcessEnv = process.env): LinkSender | null {
  const from = env.MAIL_FROM;
  const site = appOrigin ?? env.SITE_URL;
  if (env.MAIL_ENABLED !== 'true' || !from || !site) return null;
  const mailer = env.SMTP_URL ? smtpTransport(env.SMTP_URL, from) : sesTransport(from);
  return { mailer, site: site.replace(/\/$/, '') };
}
