import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type MarkingPolicy } from '@shared/schemas/settings';
import { TIMETABLE_MESSAGES } from '@shared/schemas/timetable';
import { NO_TIMETABLE } from '@web/features/marking/components/today-empty';
import { mockApi } from './support/fake-api';
import { ACTIVE_TERMS, ADMIN, FACULTY, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';
import { LECTURE } from './support/timetable';

/*
 * An empty Today for someone with no class on the timetable at all (a new faculty member, docs/product.md §2.4):
 * what to do, in plain words, with the way to the step-by-step flow; 'No classes today' for one who teaches on other days.
 */

function openHome(user: typeof FACULTY, mine: (typeof LECTURE)[], policy: MarkingPolicy = 'any-faculty') {
  mockApi({
    ...signedInAs(user),
    ...ACTIVE_TERMS,
    'GET /settings': { data: { ...DEFAULT_SETTINGS, markingPolicy: policy } },
    [`GET /timetable?termid=t1&facultyid=${user._id}`]: { data: mine },
  });
  return renderApp('/');
}

describe('an empty Today', () => {
  it('tells a faculty member with no classes on the timetable to ask their admin, and leads to Another class', async () => {
    const app = openHome(FACULTY, []);
    expect(await screen.findByText(NO_TIMETABLE.faculty)).toBeInTheDocument();
    expect(screen.queryByText(TIMETABLE_MESSAGES.noClasses)).not.toBeInTheDocument();
    await screen.findByRole('link', { name: 'Semester 3' });
    await app.user.click(screen.getByRole('button', { name: 'Choose a class to mark' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Another class' })).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Open the timetable' })).not.toBeInTheDocument();
  });

  it("says 'No classes today' to one whose classes are on other days", async () => {
    openHome(FACULTY, [LECTURE]);
    expect(await screen.findByText(TIMETABLE_MESSAGES.noClasses)).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Semester 3' });
    expect(screen.queryByText(NO_TIMETABLE.faculty)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose a class to mark' })).not.toBeInTheDocument();
  });

  it('offers no other class where faculty mark only their own: asking the admin is the way', async () => {
    openHome(FACULTY, [], 'assigned');
    expect(await screen.findByText(NO_TIMETABLE.assigned)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose a class to mark' })).not.toBeInTheDocument();
  });

  it('leads an admin with no classes of their own to the Timetable screen too', async () => {
    openHome(ADMIN, []);
    expect(await screen.findByText(NO_TIMETABLE.admin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the timetable' })).toHaveAttribute('href', '/dashboard/timetable');
    expect(screen.getByRole('button', { name: 'Choose a class to mark' })).toBeInTheDocument();
  });
});
