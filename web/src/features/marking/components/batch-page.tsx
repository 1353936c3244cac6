import { useParams, useSearchParams } from 'react-router-dom';
import { useBatches } from '@web/lib/queries';
import { nextStep, readFlow } from '../flow';
import { StepPage } from './flow-parts';

/** Step 6 (labs): the division's batches; each links to /students/{batchid}. */
export function BatchPage() {
  const { divisionid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const batches = useBatches(divisionid);
  return (
    <StepPage
      title="Choose a batch"
      path={flow.extraData}
      ready={flow.courseid && flow.slot && flow.kind === '2'}
      label="Batches"
      list={batches}
      empty="No batches found"
      to={(batch) => nextStep(`/students/${batch._id}`, flow, batch.name)}
    />
  );
}
