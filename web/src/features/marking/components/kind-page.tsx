import { useParams, useSearchParams } from 'react-router-dom';
import { SLOT_KINDS } from '@shared/constants';
import { LinkList } from '@web/components/ui/link-list';
import { Loaded, type Loadable } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { useAssignedClasses } from '../assigned';
import { nextStep, readFlow } from '../flow';
import { FlowPath } from './flow-parts';

const DETAILS = { 1: 'The whole division', 2: 'One batch of the division' } as const;
const KINDS: Loadable<1 | 2> = { data: [1, 2], isLoading: false, mutate: () => undefined };

/** Step 3: Lecture (id 1) or Lab (id 2), under 'assigned' those the caller teaches the course as; the choice links to /slots/{1|2}. */
export function KindPage() {
  const { courseid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const kinds = useAssignedClasses().filter(KINDS, (entry, kind) => entry.courseid === courseid && entry.slotcount === kind);
  return (
    <Page title="Lecture or Lab?" lead={<FlowPath path={flow.extraData} />}>
      <Loaded list={kinds} empty="No classes found">
        {(items) => (
          <LinkList
            label="Slot kinds"
            items={items.map((kind) => ({
              key: String(kind),
              to: nextStep(`/slots/${kind}`, flow, SLOT_KINDS[kind], { courseid }),
              label: SLOT_KINDS[kind],
              detail: DETAILS[kind],
            }))}
          />
        )}
      </Loaded>
    </Page>
  );
}
