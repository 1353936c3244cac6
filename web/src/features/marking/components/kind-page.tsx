import { useParams, useSearchParams } from 'react-router-dom';
import { SLOT_KINDS } from '@shared/constants';
import { LinkList } from '@web/components/ui/link-list';
import { Page } from '@web/components/ui/page';
import { nextStep, readFlow } from '../flow';
import { FlowPath } from './flow-parts';

const DETAILS = { 1: 'The whole division', 2: 'One batch of the division' } as const;

/** Step 3: Lecture (id 1) or Lab (id 2); the choice links to /slots/{1|2}. */
export function KindPage() {
  const { courseid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const kinds = [1, 2] as const;
  return (
    <Page title="Lecture or Lab?" lead={<FlowPath path={flow.extraData} />}>
      <LinkList
        label="Slot kinds"
        items={kinds.map((kind) => ({
          key: String(kind),
          to: nextStep(`/slots/${kind}`, flow, SLOT_KINDS[kind], { courseid }),
          label: SLOT_KINDS[kind],
          detail: DETAILS[kind],
        }))}
      />
    </Page>
  );
}
