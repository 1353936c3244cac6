import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { REPORT_MESSAGES, type DefaultersQuery } from '@shared/schemas/reports';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { StudentSearch } from '@web/components/student-search/student-search';
import { useActiveTerms, useSemesters, useSettings } from '@web/lib/queries';
import { useDefaulters } from '../api/reports';
import type { Sort } from '../defaulters';
import { listSearch, listValues, readListQuery, readOnlyBelow, readSort, type ValidList } from '../list-query';
import { formatCount } from '../standing';
import { DefaultersForm } from './defaulters-form';
import { DefaulterList } from './defaulter-list';
import './reports.css';

/** The list's query as the form's key: a list asked for elsewhere (a link, Back) starts the form over with it. */
const queryKey = (query: DefaultersQuery | null) => [query?.semid, query?.divisionid, query?.batchid, query?.threshold].join('|');

/**
 * /reports (docs/product.md §2.12), admins and faculty: the defaulter list of a semester of the current
 * term (the first active term), of one of its divisions or batches, under a threshold: each student's
 * standing per course and kind, and overall. What it shows is kept in the address (list-query.ts).
 */
export function ReportsPage() {
  const terms = useActiveTerms();
  const term = terms.data?.[0];
  const settings = useSettings();
  const semesters = useSemesters(term?._id);
  const [search, setSearch] = useSearchParams();
  const query = readListQuery(search);
  const sort = readSort(search);
  const onlyBelow = readOnlyBelow(search);
  const list = useDefaulters(query);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  /** Show list was pressed: the list's heading takes the focus once it shows. */
  const asked = useRef(false);

  const key = queryKey(query);
  useEffect(() => {
    const element = heading.current;
    if (!asked.current || !element) return;
    asked.current = false;
    element.focus({ preventScroll: true });
    if (element.getBoundingClientRect().top > window.innerHeight / 2) element.scrollIntoView?.({ block: 'start' });
  }, [key]);

  function onQuery(valid: ValidList) {
    const next = listSearch(valid, sort, onlyBelow);
    // The same list again: read it again (someone may have marked meanwhile).
    if (next.toString() === search.toString()) {
      heading.current?.focus();
      void list.mutate();
      return;
    }
    asked.current = true;
    setSearch(next);
  }
  const show = (next: { sort?: Sort; onlyBelow?: boolean }) => {
    if (!query) return;
    setSearch(listSearch(query, next.sort ?? sort, next.onlyBelow ?? onlyBelow), { replace: true });
  };

  const settled = settings.data !== undefined || settings.error !== undefined;
  const rows = list.data?.students ?? [];
  const scope = {
    semester: semesters.data?.find((semester) => semester._id === query?.semid)?.name ?? '',
    ...(query?.divisionid ? { division: rows[0]?.division.name ?? '' } : {}),
    ...(query?.batchid ? { batch: rows[0]?.batch.name ?? '' } : {}),
  };

  return (
    <Page
      title="Reports"
      lead={
        <p className="reports-lead">
          The defaulter list: each student&apos;s attendance per course, those under the threshold highlighted
          {term && (
            <>
              , in <strong>{term.name}</strong>
            </>
          )}
          .
        </p>
      }
    >
      <Loaded list={terms} empty="No term found">
        {([current]) =>
          settled ? (
            <DefaultersForm
              key={key}
              term={current!}
              initial={listValues(query, settings.data ? formatCount(settings.data.threshold) : '')}
              collegeThreshold={settings.data?.threshold}
              onQuery={onQuery}
            />
          ) : (
            <Spinner />
          )
        }
      </Loaded>
      {/* A student's record without the list: by name or enrollment, in the current term. */}
      {term && <StudentSearch termid={term._id} recordState={{ list: query ? `?${search.toString()}` : '' }} />}
      {query && (
        <section className="reports-results" aria-labelledby={headingId}>
          <header className="reports-results-header">
            <h2 id={headingId} ref={heading} tabIndex={-1}>
              {REPORT_MESSAGES.defaulters}
            </h2>
            {scope.semester && <p className="reports-about">{[scope.semester, scope.division, scope.batch].filter(Boolean).join(' · ')}</p>}
          </header>
          <Loaded list={{ ...list, data: list.data && [list.data] }} empty={REPORT_MESSAGES.noStudents}>
            {([report]) => (
              <DefaulterList
                report={report!}
                scope={scope}
                sort={sort}
                onSort={(next) => show({ sort: next })}
                onlyBelow={onlyBelow}
                onOnlyBelow={(next) => show({ onlyBelow: next })}
                listSearch={`?${search.toString()}`}
              />
            )}
          </Loaded>
        </section>
      )}
    </Page>
  );
}
