import { useId } from 'react';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { useActiveTerms, useSemesters, useTodayClasses } from '@web/lib/queries';
import { useSession } from '@web/lib/session';
import { nextStep, STEP_PATHS } from '../flow';
import { useAssignedClasses } from '../assigned';
import { StepList } from './flow-parts';
import { NotMarkedToday } from './not-marked-today';
import { PendingLeave } from './pending-leave';
import { TodayClasses } from './today-classes';

/**
 * Home (docs/product.md §2.4): for an admin, today's count of classes not marked; the leave applications
 * pending (§2.17), when there are any; the caller's classes of
 * today, one tap each to their form; then the step-by-step flow for another class, from the semesters
 * of the first active term (under the 'assigned' policy, only those where the caller teaches).
 */
export function HomePage() {
  const admin = useSession().user?.role === 'admin';
  const anotherId = useId();
  const terms = useActiveTerms();
  const term = terms.data?.[0];
  const semesters = useAssignedClasses().filter(useSemesters(term?._id), (entry, semester) => entry.semid === semester._id);
  // 'Another class' shows once Today has answered, below it: shown earlier, Today's list would push it down as it arrived.
  const today = useTodayClasses();
  const todaySettled = today.data !== undefined || today.error !== undefined;
  return (
    <Page title="Mark Attendance">
      {admin && <NotMarkedToday />}
      <PendingLeave />
      <TodayClasses anotherClass={anotherId} />
      {todaySettled && (
        <section className="home-section" aria-labelledby={anotherId}>
          <div className="home-section-header">
            <h2 id={anotherId} tabIndex={-1}>
              Another class
            </h2>
            <p className="step-lead">
              {term ? (
                <>
                  Choose a semester of <strong>{term.name}</strong>
                </>
              ) : (
                'Choose a semester'
              )}
            </p>
          </div>
          <Loaded list={terms} empty="No term found">
            {([first]) => (
              <StepList
                label="Semesters"
                list={semesters}
                empty="No semester found"
                to={(semester) => nextStep(STEP_PATHS.courses(semester._id), { displayPath: '' }, semester.name, { termid: first!._id })}
              />
            )}
          </Loaded>
        </section>
      )}
    </Page>
  );
}
