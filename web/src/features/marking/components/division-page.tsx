import { useParams, useSearchParams } from 'react-router-dom';
import { useDivisions } from '@web/lib/queries';
import { nextStep, parseKind, readFlow } from '../flow';
import { StepPage } from './flow-parts';

/** Step 5: the semester's divisions; a lab goes on to /batch/{divisionid}, a lecture to /students/{divisionid}. */
export function DivisionPage() {
  const { timeid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const kind = parseKind(flow.kind);
  const divisions = useDivisions(flow.semid);
  return (
    <StepPage
      title="Choose a division"
      path={flow.extraData}
      ready={kind && flow.semid && flow.courseid && timeid}
      label="Divisions"
      list={divisions}
      empty="No division found"
      to={(division) => nextStep(`/${kind === 2 ? 'batch' : 'students'}/${division._id}`, flow, division.name, { slot: timeid })}
    />
  );
}
