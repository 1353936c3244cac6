import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@web/components/ui/page';
import { useSlots } from '../api/marking';
import { nextStep, parseKind, readFlow } from '../flow';
import { FlowPath, MissingContext, StepList } from './flow-parts';

/** Step 4, the time screen: the term's slots; each links to /division/{timeid}. */
export function SlotsPage() {
  const { slotid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const kind = parseKind(slotid);
  const slots = useSlots(kind ? flow.termid : undefined);
  const ready = kind && flow.termid && flow.semid && flow.courseid;
  return (
    <Page title="Choose a time slot" lead={<FlowPath path={flow.extraData} />}>
      {!ready ? (
        <MissingContext />
      ) : (
        <StepList
          label="Time slots"
          items={slots.data}
          error={slots.error}
          isLoading={slots.isLoading}
          empty="No slots found"
          onRetry={() => void slots.mutate()}
          toLink={(slot) => ({
            key: slot._id,
            to: nextStep(`/division/${slot._id}`, flow, slot.name, { kind: String(kind) }),
            label: slot.name,
          })}
        />
      )}
    </Page>
  );
}
