import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@web/components/ui/page';
import { useCourses } from '../api/marking';
import { nextStep, readFlow } from '../flow';
import { FlowPath, StepList } from './flow-parts';

/** Step 2: the courses of the semester; each links to /laborlec/{courseid}. */
export function CoursePage() {
  const { semid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const courses = useCourses(semid);
  return (
    <Page title="Choose a course" lead={<FlowPath path={flow.extraData} />}>
      <StepList
        label="Courses"
        items={courses.data}
        error={courses.error}
        isLoading={courses.isLoading}
        empty="No courses found"
        onRetry={() => void courses.mutate()}
        toLink={(course) => ({
          key: course._id,
          to: nextStep(`/laborlec/${course._id}`, flow, course.name, { semid }),
          label: course.name,
        })}
      />
    </Page>
  );
}
