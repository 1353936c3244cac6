import { useEffect, useId, useRef, useState } from 'react';
import { NOT_FOUND } from '@shared/attendance-words';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { csvBlob } from '@web/lib/csv';
import { saveFile } from '@web/lib/download';
import { withLoader } from '@web/lib/loading';
import { toast } from '@web/lib/toast';
import { belowSummary, countBelow, dateLabel, fileName, isRange, toCsv, type DayResult, type Report } from '../report';
import { DaySessions } from './day-sessions';
import { ReportTable } from './report-table';

export const NOBODY_PRESENT = 'No student was present at this session.';
export const PDF_FAILED = 'Could not make the PDF. Check your connection and try again.';

interface AttendanceResultsProps {
  report: Report;
  threshold: number;
  onThresholdChange: (threshold: number) => void;
  /** Date mode: a session's division or batch by name. */
  groupName: (groupid: string) => string;
  /** Date mode: a session was corrected (the day is read again). */
  onDayChanged: () => void;
}

/**
 * The results, under their own heading: 'Attendance on <date>' (or 'Attendance from <date> to <date>',
 * then each day under 'Attendance on <date>'), each session first with Correct at the top of its card,
 * then 'Present Students List' (docs/product.md §2.7); or 'Attendance percentage', every expected student
 * with their percentage, those under the threshold marked (text for screen readers, an icon and a tint
 * for the eye) and counted. Download PDF (jsPDF loaded on demand) and Download CSV.
 */
export function AttendanceResults({ report, threshold, onThresholdChange, groupName, onDayChanged }: AttendanceResultsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const { mode, context, rows } = report;
  const percentages = mode === 'percentage';
  const range = isRange(context);

  // A new report: focus its heading (announced), and bring it up when it arrived low on the screen
  // (on a phone the form fills the screen, the report starts below it). The same day read again after
  // a correction keeps its context, and the focus stays where it is.
  useEffect(() => {
    const element = heading.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    if (element.getBoundingClientRect().top > window.innerHeight / 2) element.scrollIntoView?.({ block: 'start' });
  }, [context]);

  // One PDF at a time (the keyboard still reaches the button under the loading overlay).
  const makingPdf = useRef(false);
  async function downloadPdf() {
    if (makingPdf.current) return;
    makingPdf.current = true;
    try {
      const blob = await withLoader(async () => {
        const { renderPdf } = await import('../pdf');
        return renderPdf(report);
      });
      saveFile(blob, fileName(context, 'pdf'));
    } catch (error) {
      console.error(error);
      toast.error(PDF_FAILED);
    } finally {
      makingPdf.current = false;
    }
  }

  function downloadCsv() {
    saveFile(csvBlob(toCsv(report)), fileName(context, 'csv'));
  }

  const below = percentages ? countBelow(rows, threshold) : 0;
  const slot = context.slot || (percentages ? 'All slots' : '');
  const about = [context.semester, context.course, CLASS_KIND_LABELS[context.classKind], slot, context.group].filter(Boolean).join(' · ');
  const title = percentages
    ? 'Attendance percentage'
    : range
      ? `Attendance from ${context.date} to ${context.enddate}`
      : `Attendance on ${context.date}`;
  const days = report.days ?? [];
  const nothing = percentages ? rows.length === 0 : days.length === 0;

  return (
    <section className="view-results" aria-labelledby={headingId}>
      <header className="view-results-header">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <p className="view-results-about">
          {about}
          <br />
          <span className="view-results-dates">{dateLabel(context)}</span>
        </p>
      </header>

      {nothing ? (
        <Notice kind="empty">
          {NOT_FOUND}
          {!percentages && range && <> {nothingInRange(context.date, context.enddate!)}</>}
        </Notice>
      ) : (
        <>
          <div className="view-results-bar">
            <p className="view-results-count">
              {percentages
                ? `${rows.length} ${plural(rows.length, 'student')}, ${report.sessions} ${plural(report.sessions, 'session')}`
                : range
                  ? `${days.length} ${plural(days.length, 'day')}, ${report.sessions} ${plural(report.sessions, 'session')}`
                  : `${rows.length} ${plural(rows.length, 'student')} present`}
            </p>
            {rows.length > 0 && (
              <div className="view-downloads">
                <button type="button" className="button button-secondary" onClick={() => void downloadPdf()}>
                  Download PDF
                </button>
                <button type="button" className="button button-secondary" onClick={downloadCsv}>
                  Download CSV
                </button>
              </div>
            )}
          </div>

          {percentages ? (
            <>
              <div className="view-threshold">
                <ThresholdInput value={threshold} onChange={onThresholdChange} />
                <p className="view-below-count" aria-live="polite">
                  <span className="below-marker" aria-hidden="true">
                    !
                  </span>
                  {belowSummary(below, threshold)}
                </p>
              </div>
              <ReportTable report={report} threshold={threshold} />
            </>
          ) : (
            days.map((day) => (
              <DayResults key={day.date} day={day} report={report} inRange={range} groupName={groupName} onChanged={onDayChanged} />
            ))
          )}
        </>
      )}
    </section>
  );
}

const plural = (count: number, word: string) => (count === 1 ? word : `${word}s`);

/** Beside the spec's 'Attendance data not found!!!' for a range. */
export const nothingInRange = (from: string, to: string) => `No class of this slot was marked from ${from} to ${to}.`;

interface DayResultsProps {
  day: DayResult;
  report: Report;
  /** A day of a range: under its own 'Attendance on <date>' heading, one level down. */
  inRange: boolean;
  groupName: (groupid: string) => string;
  onChanged: () => void;
}

/** One date: its sessions (to correct), then who was present. */
function DayResults({ day, report, inRange, groupName, onChanged }: DayResultsProps) {
  const headingId = useId();
  const level = inRange ? 4 : 3;
  const Heading = inRange ? 'h4' : 'h3';
  const dayReport: Report = { ...report, context: { ...report.context, date: day.date, enddate: undefined }, rows: day.rows };
  const content = (
    <>
      <DaySessions sessions={day.sessions} groupName={groupName} date={day.date} onChanged={onChanged} headingLevel={level} />
      <div className="view-present">
        <Heading className="view-present-heading">Present Students List</Heading>
        {day.rows.length === 0 ? (
          // A session marked with nobody present is not "no data".
          <Notice kind="empty">{NOBODY_PRESENT}</Notice>
        ) : (
          <ReportTable report={dayReport} threshold={0} />
        )}
      </div>
    </>
  );
  if (!inRange) return content;
  return (
    <section className="view-day" aria-labelledby={headingId}>
      <h3 id={headingId} className="view-day-heading">
        Attendance on {day.date}
      </h3>
      {content}
    </section>
  );
}

const THRESHOLD_ERROR = 'Enter a whole number from 0 to 100';

/** The highlight threshold: a number input; only a whole number from 0 to 100 takes effect. */
function ThresholdInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [text, setText] = useState(String(value));
  const valid = /^\d{1,3}$/.test(text.trim()) && Number(text) <= 100;
  return (
    <div className="view-threshold-field">
      <Field
        label="Highlight below (%)"
        name="threshold"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={text}
        error={valid ? undefined : THRESHOLD_ERROR}
        onChange={(event) => {
          setText(event.target.value);
          const next = event.target.value.trim();
          if (/^\d{1,3}$/.test(next) && Number(next) <= 100) onChange(Number(next));
        }}
      />
    </div>
  );
}
