import { describe, expect, it } from 'vitest';
import { nowSeconds } from '@functions/lib/db';
import { openStudentAccount } from '@functions/lib/repositories/accounts';
import { getStudent } from '@functions/lib/repositories/students';
import { MESSAGES } from '@shared/messages';
import { SIGN_IN_LINK_MESSAGES as M } from '@shared/schemas/sign-in-link';
import { useMailCatcher } from '@tests/support/alerts';
import { useCollege } from '@tests/support/college';
import { withDatabaseError } from '@tests/support/faults';
import { browser, expireSignInLink, signInLinkIn, storedSignInLink } from '@tests/support/sign-in-links';
import { useTestStack } from '@tests/support/stack';
import { allItems } from '@tests/support/table';

/**
 * Sign-in by an emailed link (docs/product.md §4): once, within 15 minutes, in the browser that asked
 * (by the link or by the code beside it); asking answers the same whether or not the address has an account.
 */
const t = useTestStack('admin', 'faculty');
const inbox = useMailCatcher();
const college = useCollege(t, { prefix: 'LNK', perBatch: 3 });
const studentIds = () => college.divisions[0]!.batches[0]!.students;

async function askedLink(email: string) {
  const asking = browser(t.stack);
  const asked = await asking.askLink(email);
  expect(asked.status).toBe(200);
  const mail = await mailOf(asked.body.data.request);
  return { asking, asked, mail, link: signInLinkIn(mail) };
}

/** The mail of one request (the inbox holds this test's earlier mails too). */
async function mailOf(request: string) {
  for (let tries = 0; tries < 100; tries++) {
    const mail = (await inbox.mails()).find((caught) => caught.text.includes(request));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for request ${request}`);
}

const currentUser = (b: ReturnType<typeof browser>) => b.api('GET /auth/currentstatus', {});

describe('a sign-in link', () => {
  it('signs a staff user in, once, in the browser that asked for it', async () => {
    const { asking, asked, mail, link } = await askedLink(t.faculty.email);
    expect(asked.body).toEqual({ data: { request: link.request }, message: M.sent });
    expect(mail.to.map((to) => to.address)).toEqual([t.faculty.email]);
    expect(mail.subject).toContain(`code ${link.code}`);
    // Only hashes are stored: neither the token nor the code.
    const stored = JSON.stringify(await allItems());
    expect(stored).not.toContain(link.token);
    expect(stored).not.toContain(link.code);

    const signedIn = await asking.api('POST /auth/link/token', { body: { request: link.request, token: link.token } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ _id: t.faculty.user._id, role: 'faculty' });
    expect((await currentUser(asking)).status).toBe(200);

    const again = await asking.api('POST /auth/link/token', { body: { request: link.request, token: link.token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.invalid);
  });

  it('does not sign in another browser (a forwarded email), which is told where to use it; the asking browser still can', async () => {
    const { asking, link } = await askedLink(t.faculty.email);
    const secretOfItsOwn = browser(t.stack);
    await secretOfItsOwn.askLink(`nobody-${Date.now()}@college.test`);
    for (const other of [secretOfItsOwn, browser(t.stack)]) {
      const tried = await other.api('POST /auth/link/token', { body: { request: link.request, token: link.token } });
      expect(tried.status).toBe(409);
      expect(tried.body.message).toBe(M.otherBrowser);
      const typed = await other.api('POST /auth/link/code', { body: { request: link.request, code: link.code } });
      expect(typed.status).toBe(409);
      expect((await currentUser(other)).status).toBe(401);
    }
    const bare = await t.stack.api('POST /auth/link/token', { body: { request: link.request, token: link.token } });
    expect(bare.status).toBe(409);
    expect((await asking.api('POST /auth/link/code', { body: { request: link.request, code: link.code.toLowerCase() } })).status).toBe(200);
  });

  it('has expired after 15 minutes', async () => {
    const { asking, link } = await askedLink(t.faculty.email);
    const stored = await storedSignInLink(link.request);
    expect(stored!.expiresAt).toBeGreaterThan(nowSeconds() + 14 * 60);
    expect(stored!.expiresAt).toBeLessThanOrEqual(nowSeconds() + 15 * 60);
    await expireSignInLink(link.request, nowSeconds() - 1);
    const late = await asking.api('POST /auth/link/token', { body: { request: link.request, token: link.token } });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(M.invalid);
    expect((await currentUser(asking)).status).toBe(401);
  });

  it('takes the code five times wrong at most, then works no more', async () => {
    const { asking, link } = await askedLink(t.faculty.email);
    const wrong = link.code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await asking.api('POST /auth/link/code', { body: { request: link.request, code: wrong } }));
    expect(answers.map((answer) => answer.body.message)).toEqual([...Array(4).fill(M.wrongCode), M.codeSpent(5)]);
    const right = await asking.api('POST /auth/link/code', { body: { request: link.request, code: link.code } });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(M.invalid);
    expect((await asking.api('POST /auth/link/token', { body: { request: link.request, token: link.token } })).status).toBe(400);
  });

  it('is asked for with the same answer, in about the same time, whether or not the address has an account', async () => {
    const timed = async (email: string) => {
      const started = Date.now();
      const answer = await browser(t.stack).askLink(email);
      return { status: answer.status, message: answer.body.message, keys: Object.keys(answer.body.data), ms: Date.now() - started };
    };
    const known = await timed(t.faculty.email);
    const unknown = await timed(`unknown-${Date.now()}@college.test`);
    expect({ ...unknown, ms: 0 }).toEqual({ ...known, ms: 0 });
    expect(unknown.ms).toBeGreaterThanOrEqual(1000);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(700);
    expect((await inbox.mails(1)).map((mail) => mail.to[0]!.address)).toEqual([t.faculty.email]);
    expect(await inbox.settled()).toHaveLength(1);
  });

  it('is limited to 5 per address in 15 minutes', async () => {
    const email = `limited-${Date.now()}@college.test`;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await browser(t.stack).askLink(email)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('signs in once when the same link is used by many requests at once', async () => {
    const { asking, link } = await askedLink(t.admin.email);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => asking.api('POST /auth/link/token', { body: { request: link.request, token: link.token } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
  });

  it('is not spent by a sign-in that failed to be stored', async () => {
    const { asking, link } = await askedLink(t.admin.email);
    const failed = await withDatabaseError(
      'InternalServerError',
      (command) => command === 'TransactWriteItemsCommand',
      () => asking.api('POST /auth/link/token', { body: { request: link.request, token: link.token } }),
    );
    expect(failed.status).toBe(503);
    expect(await storedSignInLink(link.request)).toBeDefined();
    expect((await currentUser(asking)).status).toBe(401);
    expect((await asking.api('POST /auth/link/token', { body: { request: link.request, token: link.token } })).status).toBe(200);
  });
});

describe("a student's sign-in link", () => {
  it('signs the student in while their record names them; a deleted record ends access at once', async () => {
    const student = (await getStudent(studentIds()[0]!))!;
    await openStudentAccount(student);
    const { asking, link } = await askedLink(student.email!);
    const signedIn = await asking.api('POST /auth/link/token', { body: { request: link.request, token: link.token } });
    expect(signedIn.body.data).toMatchObject({ _id: student._id, role: 'student', email: student.email });
    const own = await asking.api('GET /report/student/{id}', { params: { id: student._id }, query: {} } as never);
    expect(own.status).toBe(200);
    const other = await asking.api('GET /report/student/{id}', { params: { id: studentIds()[1]! }, query: {} } as never);
    expect(other.status).toBe(403);
    expect((await asking.api('GET /term', {})).status).toBe(403);

    // A second link asked for now, before the record goes.
    const later = await askedLink(student.email!);
    expect((await t.stack.api('DELETE /student/{id}', { params: { id: student._id }, cookie: t.admin.cookie })).status).toBe(200);
    const after = await currentUser(asking);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.accessEnded);
    const refused = await later.asking.api('POST /auth/link/token', { body: { request: later.link.request, token: later.link.token } });
    expect(refused.status).toBe(400);
    // And no new link is sent for it.
    const mailsBefore = (await inbox.mails()).length;
    await browser(t.stack).askLink(student.email!);
    expect(await inbox.settled()).toHaveLength(mailsBefore);
  });
});
