import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_CONTACT } from '@web/features/auth/components/privacy-page';
import { mockApi } from './support/fake-api';
import { signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

/** The privacy notice (docs/product.md §2.20): linked from the sign-in page, for anyone, with the college's contact. */
describe('privacy notice', () => {
  it('opens from the sign-in page, signed out, and names the college and whom to ask', async () => {
    mockApi({
      ...signedInAs(null),
      'GET /privacy': { data: { collegeName: 'Demo College', privacyContact: 'Data Protection Officer, dpo@college.test' } },
    });
    const app = renderApp('/login');
    await app.user.click(await screen.findByRole('link', { name: /Privacy notice/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/privacy');
    expect(await screen.findByText('Demo College keeps attendance with SAMS. This is what it holds, and why.')).toBeInTheDocument();
    expect(screen.getByText('Data Protection Officer, dpo@college.test')).toBeInTheDocument();
    for (const heading of ['What SAMS keeps', 'Why, and who sees it', 'Your data, on request']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
  });

  it('says to ask the college office until an admin sets a contact', async () => {
    mockApi({ ...signedInAs(null), 'GET /privacy': { data: { collegeName: '', privacyContact: '' } } });
    renderApp('/privacy');
    expect(await screen.findByText(NO_CONTACT)).toBeInTheDocument();
    expect(screen.getByText(/^Your college keeps attendance/)).toBeInTheDocument();
  });
});
