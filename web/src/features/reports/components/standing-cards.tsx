import { useId } from 'react';
import type { Projection, StudentStanding } from '@shared/schemas/reports';
import { cardPercent, cardState, cardTitle, attendedLine, projectionLine, type Counted, type Reader } from '../projection-text';
import { courseKey, formatThreshold } from '../standing';

interface CardsProps {
  standing: StudentStanding;
  reader: Reader;
}

/**
 * The Home's standing (docs/product.md §5): a card per course and kind, and one for all of them together:
 * the percentage, attended of held, below the threshold or not (in words), and what the classes still to
 * come allow. The overall card comes first when the college's threshold applies to it (the course cards
 * are then for information), last otherwise.
 */
export function StandingCards({ standing, reader }: CardsProps) {
  const headingId = useId();
  const { threshold, thresholdApplies, lastDay } = standing;
  const overallRules = thresholdApplies === 'overall';
  const context = { reader, threshold, lastDay };
  const overall = <StandingCard projection={standing.overall} counted="overall" context={context} ruled />;
  const whose = reader.you ? 'your' : `${reader.firstName}'s`;
  return (
    <section className="reports-results standing-cards" aria-labelledby={headingId}>
      <h2 id={headingId}>Attendance</h2>
      <p className="reports-about">
        {overallRules
          ? `The college's threshold of ${formatThreshold(threshold)} applies to ${whose} overall attendance; each course is shown for information.`
          : `The college's threshold of ${formatThreshold(threshold)} applies to each course, lectures and labs apart.`}
      </p>
      <ul className="standing-card-list">
        {overallRules && overall}
        {standing.courses.map((course) => (
          <StandingCard key={courseKey(course)} projection={course} counted={course} context={context} ruled={!overallRules} />
        ))}
        {!overallRules && overall}
      </ul>
    </section>
  );
}

interface CardProps {
  projection: Projection;
  counted: Counted;
  context: Parameters<typeof projectionLine>[2];
  /** The threshold applies to this card: a card under it is marked as a warning. */
  ruled: boolean;
}

function StandingCard({ projection, counted, context, ruled }: CardProps) {
  const titleId = useId();
  const { name, kind } = cardTitle(counted);
  const state = cardState(projection, context.threshold);
  const warn = ruled && projection.below;
  return (
    <li className={`card standing-card${warn ? ' is-below' : ''}${ruled ? '' : ' is-secondary'}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="standing-card-title">
        <span className="standing-card-name">{name}</span> <span className="standing-card-kind">{kind}</span>
      </h3>
      <p className="standing-card-figures">
        <span className={`standing-card-percent${projection.percentage === null ? ' is-none' : ''}`}>{cardPercent(projection)}</span>{' '}
        {projection.percentage !== null && <span className="standing-card-attended">{attendedLine(projection)}</span>}
      </p>
      {state && (
        <p className={`standing-card-state${warn ? ' is-below' : ''}`}>
          {warn && (
            <span className="standing-card-mark" aria-hidden="true">
              !
            </span>
          )}
          {state}
        </p>
      )}
      <p className="standing-card-line">{projectionLine(projection, counted, context)}</p>
    </li>
  );
}
