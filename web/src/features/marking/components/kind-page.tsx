import { useParams, useSearchParams } from 'react-router-dom';
import { CLASS_KINDS, type ClassKind } from '@shared/schemas/wire-names';
import { LinkList } from '@web/components/ui/link-list';
import { Loaded, type Loadable } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { useAssignedClasses } from '../assigned';
import { nextStep, readFlow, STEP_PATHS } from '../flow';
import { FlowPath } from './flow-parts';

const DETAILS: Record<ClassKind, string> = { lecture: 'The whole division', lab: 'One batch of the division' };
const KINDS: Loadable<ClassKind> = { data: [...CLASS_KINDS], isLoading: false, mutate: () => undefined };

/** Step 3: Lecture or Lab, under 'assigned' those the caller teaches the course as; the choice links to the time step. */
export function KindPage() {
  const flow = readFlow(useSearchParams()[0], useParams());
  const kinds = useAssignedClasses().filter(KINDS, (entry, kind) => entry.courseid === flow.courseid && entry.classKind === kind);
  return (
    <Page title="Lecture or Lab?" lead={<FlowPath path={flow.displayPath} />}>
      <Loaded list={kinds} empty="No classes found">
        {(items) => (
          <LinkList
            label="Slot kinds"
            items={items.map((kind) => ({
              key: kind,
              to: nextStep(STEP_PATHS.slots(kind), flow, CLASS_KIND_LABELS[kind]),
              label: CLASS_KIND_LABELS[kind],
              detail: DETAILS[kind],
            }))}
          />
        )}
      </Loaded>
    </Page>
  );
}
