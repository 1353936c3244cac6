import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack, type SignedIn } from '@tests/support/stack';

// Named so that the list's order (by name) is not the order they were created in.
const t = useTestStack();
let admin: SignedIn;
let faculty: SignedIn;
beforeAll(async () => {
  admin = await t.stack.signIn('admin', { username: 'Zara Admin' });
  faculty = await t.stack.signIn('faculty', { username: 'Anil Faculty' });
});

describe('user: list', () => {
  it('lists every user by name for an admin, without secrets', async () => {
    const result = await t.stack.api('GET /user', { cookie: admin.cookie });
    expect(result.status).toBe(200);
    const users = result.body.data;
    expect(users.map((user) => user.username)).toEqual(['Anil Faculty', 'Zara Admin']);
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'lastSignIn', 'role', 'username']);
  });

  it('is for admins only', async () => {
    expect((await t.stack.call('GET', '/api/v1/user', { cookie: faculty.cookie })).status).toBe(403);
    expect((await t.stack.call('GET', '/api/v1/user')).status).toBe(401);
  });
});

describe('user: delete', () => {
  it('deletes a user and ends all their live sessions at once', async () => {
    const victim = await t.stack.signIn('faculty');
    const second = await t.stack.call('POST', '/api/v1/auth/login', { body: { email: victim.email, password: victim.password } });
    const secondCookie = second.setCookies[0]!.split(';')[0]!;
    const result = await t.stack.call('DELETE', `/api/v1/user/${victim.user._id}`, { cookie: admin.cookie });
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('User Deleted Successfully');
    for (const cookie of [victim.cookie, secondCookie]) {
      expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie })).status).toBe(401);
    }
    const login = await t.stack.call('POST', '/api/v1/auth/login', { body: { email: victim.email, password: victim.password } });
    expect(login.status).toBe(401);
    const list = await t.stack.api('GET /user', { cookie: admin.cookie });
    expect(list.body.data.some((user) => user._id === victim.user._id)).toBe(false);
  });

  it('frees the email of a deleted user for a new account', async () => {
    const old = await t.stack.signIn('faculty');
    await t.stack.call('DELETE', `/api/v1/user/${old.user._id}`, { cookie: admin.cookie });
    const again = await t.stack.call('POST', '/api/v1/auth/register', {
      cookie: admin.cookie,
      body: { email: old.email, password: 'Another-pass', username: 'New Person', role: 'faculty' },
    });
    expect(again.status).toBe(201);
  });

  it('does not let an admin delete themself', async () => {
    const result = await t.stack.call('DELETE', `/api/v1/user/${admin.user._id}`, { cookie: admin.cookie });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('You cannot delete your own account');
    expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: admin.cookie })).status).toBe(200);
  });

  it('answers 404 for an unknown id and 403 for faculty, changing nothing', async () => {
    const unknown = await t.stack.call('DELETE', '/api/v1/user/no-such-user', { cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    const asFaculty = await t.stack.call('DELETE', `/api/v1/user/${admin.user._id}`, { cookie: faculty.cookie });
    expect(asFaculty.status).toBe(403);
    expect((await t.stack.call('GET', '/api/v1/auth/currentstatus', { cookie: admin.cookie })).status).toBe(200);
  });
});
