import { useNavigate } from 'react-router-dom';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { useSession } from '@web/lib/session';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';
import './account-page.css';

/**
 * My account (docs/product.md §4), for every role: change password and my sessions. Signed in
 * with a one-time password, the user sees only the password form until they have chosen their own.
 */
export function AccountPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  if (user?.mustChangePassword) {
    return (
      <Page title="Choose your password" size="narrow">
        <Notice>You signed in with a one-time password. Choose your own password to continue.</Notice>
        <ChangePasswordForm onChanged={() => navigate('/', { replace: true })} />
      </Page>
    );
  }
  return (
    <Page title="My account" lead={user && <p className="account-lead">{`${user.username} · ${user.email} · ${user.role}`}</p>}>
      <div className="account-grid">
        <ChangePasswordForm />
        <SessionsList />
      </div>
    </Page>
  );
}
