import { useParams, useSearchParams } from 'react-router-dom';
import { useSlots } from '@web/lib/queries';
import { nextStep, parseKind, readFlow } from '../flow';
import { StepPage } from './flow-parts';

/** Step 4, the time screen: the term's slots; each links to /division/{timeid}. */
export function SlotsPage() {
  const { slotid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const kind = parseKind(slotid);
  const slots = useSlots(kind ? flow.termid : undefined);
  return (
    <StepPage
      title="Choose a time slot"
      path={flow.extraData}
      ready={kind && flow.termid && flow.semid && flow.courseid}
      label="Time slots"
      list={slots}
      empty="No slots found"
      to={(slot) => nextStep(`/division/${slot._id}`, flow, slot.name, { kind: String(kind) })}
    />
  );
}
