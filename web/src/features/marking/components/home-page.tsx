import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { useActiveTerms, useSemesters } from '../api/marking';
import { nextStep } from '../flow';
import { StepList } from './flow-parts';

/** Home (docs/product.md §2.4 step 1): the semesters of the first active term. */
export function HomePage() {
  const terms = useActiveTerms();
  const term = terms.data?.[0];
  const semesters = useSemesters(term?._id);

  let body;
  if (terms.error) body = <Notice kind="error">{terms.error.message}</Notice>;
  else if (!terms.data) body = <Spinner />;
  else if (!term) body = <Notice kind="empty">No term found</Notice>;
  else
    body = (
      <StepList
        label="Semesters"
        items={semesters.data}
        error={semesters.error}
        isLoading={semesters.isLoading}
        empty="No semester found"
        onRetry={() => void semesters.mutate()}
        toLink={(semester) => ({
          key: semester._id,
          to: nextStep(`/course/${semester._id}`, { extraData: '' }, semester.name, { termid: term._id }),
          label: semester.name,
        })}
      />
    );

  return (
    <Page
      title="Mark Attendance"
      lead={
        <p className="step-lead">
          {term ? (
            <>
              Choose a semester of <strong>{term.name}</strong>
            </>
          ) : (
            'Choose a semester'
          )}
        </p>
      }
    >
      {body}
    </Page>
  );
}
