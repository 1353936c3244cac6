import type { ListedUser } from '@shared/answers/auth';
import { useCollegeTime } from '@web/lib/college-time';
import { useApi } from '@web/lib/use-api';
import type { Column } from './admin-list';
import { lastSignInText, signInMethods } from './sign-in-words';

/**
 * The Users list's 'Sign-in' column (docs/product.md §2.5): the ways the user can sign in ('College account' while
 * the college's OpenID provider is configured: GET auth/oidc), then their last sign-in in college time.
 */
export function useSignInColumn(): Column<ListedUser> {
  const { timeZone } = useCollegeTime();
  const providers = useApi('GET /auth/oidc', {}, { revalidateOnFocus: false });
  const collegeAccounts = (providers.data?.length ?? 0) > 0;
  return {
    header: 'Sign-in',
    cell: (user) => (
      // One element in the cell: on a phone the cell is a grid of its label and its value. The space between
      // the two lines keeps them two words apart in the cell's accessible name.
      <div>
        <div>{signInMethods(user, collegeAccounts).join(', ')}</div> <div>{lastSignInText(user, timeZone)}</div>
      </div>
    ),
  };
}
