import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@web/components/ui/page';
import { useDivisions } from '../api/marking';
import { nextStep, parseKind, readFlow } from '../flow';
import { FlowPath, MissingContext, StepList } from './flow-parts';

/** Step 5: the semester's divisions; a lab goes on to /batch/{divisionid}, a lecture to /students/{divisionid}. */
export function DivisionPage() {
  const { timeid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const kind = parseKind(flow.kind);
  const divisions = useDivisions(flow.semid);
  const ready = kind && flow.semid && flow.courseid && timeid;
  return (
    <Page title="Choose a division" lead={<FlowPath path={flow.extraData} />}>
      {!ready ? (
        <MissingContext />
      ) : (
        <StepList
          label="Divisions"
          items={divisions.data}
          error={divisions.error}
          isLoading={divisions.isLoading}
          empty="No division found"
          onRetry={() => void divisions.mutate()}
          toLink={(division) => ({
            key: division._id,
            to: nextStep(kind === 2 ? `/batch/${division._id}` : `/students/${division._id}`, flow, division.name, { slot: timeid }),
            label: division.name,
          })}
        />
      )}
    </Page>
  );
}
