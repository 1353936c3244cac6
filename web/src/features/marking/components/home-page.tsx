import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { useActiveTerms, useSemesters } from '@web/lib/queries';
import { nextStep } from '../flow';
import { StepList } from './flow-parts';

/** Home (docs/product.md §2.4 step 1): the semesters of the first active term. */
export function HomePage() {
  const terms = useActiveTerms();
  const term = terms.data?.[0];
  const semesters = useSemesters(term?._id);
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
      <Loaded list={terms} empty="No term found">
        {([first]) => (
          <StepList
            label="Semesters"
            list={semesters}
            empty="No semester found"
            to={(semester) => nextStep(`/course/${semester._id}`, { extraData: '' }, semester.name, { termid: first!._id })}
          />
        )}
      </Loaded>
    </Page>
  );
}
