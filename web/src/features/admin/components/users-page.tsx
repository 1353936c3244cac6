import { useState } from 'react';
import { STAFF_ROLES } from '@shared/constants';
import * as z from 'zod/mini';
import type { ListedUser } from '@shared/answers/auth';
import { registerSchema, type InvitedUser, type PublicUser } from '@shared/schemas/auth';
import { EMAIL_INPUT, Field } from '@web/components/ui/field';
import { FormBanner } from '@web/components/ui/form-banner';
import { Page } from '@web/components/ui/page';
import { useUsers } from '@web/lib/queries';
import { useSession } from '@web/lib/session';
import { errorMessage } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import { AdminForm, useAddForm } from './admin-form';
import { AdminList, RowButton, type Column } from './admin-list';
import { DeleteDialog, type DeleteTarget } from './delete-dialog';
import { EmailLinkButton, ResetPasswordDialog } from './reset-password-dialog';
import { useSignInColumn } from './sign-in-column';
import './users-sign-in.css';
import { useListing } from './use-listing';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: role }));
const COLUMNS: Column<ListedUser>[] = [
  { header: 'Name', cell: (user) => user.username },
  { header: 'Email', cell: (user) => user.email },
  { header: 'Role', cell: (user) => user.role },
];

/** A password typed registers the user with it (POST auth/register); none invites them (POST user/invite). */
const addUserSchema = z.extend(registerSchema, { password: z.optional(registerSchema.shape.password) });
const withoutEmptyPassword = ({ password, ...rest }: Record<string, string>) => (password ? { ...rest, password } : rest);

/**
 * Add user (docs/product.md §2.5): username, email, password (or none: a welcome email with a link to set
 * their own), user type (admin/faculty), Add User, Get Users; the list shows Name, Email, Role and Sign-in (how
 * they can sign in, and their last sign-in) with Reset password, Unlock, Sign out everywhere and Delete, without
 * the signed-in admin. A welcome email that could not be sent stays said above the form, with the button that
 * sends it again.
 */
export function UsersPage() {
  const me = useSession().user;
  const listing = useListing<true>(true);
  const [unsent, setUnsent] = useState<{ user: InvitedUser; text: string } | null>(null);
  const form = useAddForm(
    { username: '', email: '', password: '', role: '' },
    { done: 'User created successfully', added: () => listing.show(true) },
  );
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [resetting, setResetting] = useState<PublicUser | null>(null);
  const users = useUsers(!!listing.listed);
  const columns = [...COLUMNS, useSignInColumn()];
  const write = useWrite();
  // The signed-in admin cannot delete their own account (the server answers 400), so they are not listed.
  const others = users.data?.filter((user) => user._id !== me?._id);

  const add = form.handleAdd(
    addUserSchema,
    async ({ password, ...user }) => {
      setUnsent(null);
      if (password !== undefined) return write('POST /auth/register', { body: { ...user, password } });
      const answer = await write('POST /user/invite', { body: user });
      if (answer.data.welcomeEmail === 'sent') return answer;
      // Created, but the email failed: the toast says created, the banner stays with the way to send it again.
      setUnsent({ user: answer.data, text: answer.message });
      return { ...answer, message: '' };
    },
    withoutEmptyPassword,
  );
  const said = (sent: Promise<{ message: string }>) =>
    sent.then(
      (answer) => toast.success(answer.message),
      (failure: unknown) => toast.error(errorMessage(failure)),
    );
  const unlock = (user: PublicUser) => said(write('POST /user/{id}/unlock', { params: { id: user._id } }));
  const endSessions = (user: PublicUser) => said(write('DELETE /user/{id}/sessions', { params: { id: user._id } }));

  return (
    <Page title="Add User" lead={<p className="admin-lead">Add an admin or a faculty member, or list and delete users.</p>}>
      <FormBanner message={unsent && { kind: 'error', text: unsent.text }} onDismiss={() => setUnsent(null)}>
        {unsent && <EmailLinkButton user={unsent.user} label="Send the welcome email again" onSent={() => setUnsent(null)} />}
      </FormBanner>
      <AdminForm
        label="Add user"
        addLabel="Add User"
        getLabel="Get Users"
        onAdd={add}
        onGet={() => listing.get(true, users)}
        busy={form.busy}
      >
        <Field label="Username" autoComplete="off" {...form.field('username')} />
        <Field label="Email" {...EMAIL_INPUT} autoComplete="off" {...form.field('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters. Leave empty to email them a link to set their own password"
          {...form.field('password')}
        />
        <Field label="User type" options={ROLE_OPTIONS} placeholder="Select user type" {...form.field('role')} />
      </AdminForm>
      <AdminList
        title="Users"
        listing={listing}
        list={{ ...users, data: others }}
        empty="No users found"
        columns={columns}
        actions={(user) => (
          <div className="users-row-actions">
            <RowButton label="Reset password" item={user.email} onClick={() => setResetting(user)} />
            <RowButton label="Unlock" item={user.email} onClick={() => void unlock(user)} />
            <RowButton label="Sign out everywhere" item={user.email} onClick={() => void endSessions(user)} />
            <RowButton
              label="Delete"
              item={user.email}
              kind="danger"
              onClick={() => setTarget({ id: user._id, name: `${user.username} (${user.email})` })}
            />
          </div>
        )}
      />
      {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
      {target && (
        <DeleteDialog
          target={target}
          remove={(id) => write('DELETE /user/{id}', { params: { id } })}
          successMessage="User Deleted Successfully"
          afterDelete={listing.heading}
          onClose={() => setTarget(null)}
        />
      )}
    </Page>
  );
}
