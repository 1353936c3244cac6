import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@web/components/ui/page';
import { useBatches } from '../api/marking';
import { nextStep, readFlow } from '../flow';
import { FlowPath, MissingContext, StepList } from './flow-parts';

/** Step 6 (labs): the division's batches; each links to /students/{batchid}. */
export function BatchPage() {
  const { divisionid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const batches = useBatches(divisionid);
  const ready = flow.courseid && flow.slot && flow.kind === '2';
  return (
    <Page title="Choose a batch" lead={<FlowPath path={flow.extraData} />}>
      {!ready ? (
        <MissingContext />
      ) : (
        <StepList
          label="Batches"
          items={batches.data}
          error={batches.error}
          isLoading={batches.isLoading}
          empty="No batches found"
          onRetry={() => void batches.mutate()}
          toLink={(batch) => ({ key: batch._id, to: nextStep(`/students/${batch._id}`, flow, batch.name), label: batch.name })}
        />
      )}
    </Page>
  );
}
