import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { DOB_COLUMN, GUARDIAN_COLUMNS, IMPORT_COLUMNS, importSummary, type ImportRowResult } from '@shared/schemas/student-import';
import { Field } from '@web/components/ui/field';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { csvBlob, safeFileName } from '@web/lib/csv';
import { saveFile } from '@web/lib/download';
import { useRefresh } from '@web/lib/use-write';
import { levelField, termHint, useChain } from '../chain';
import { errorRowsCsv, parseStudentsCsv, runImport, type FileRow, type ImportRun } from '../student-import';
import './admin.css';

const OUTCOME_LABELS: Record<ImportRowResult['outcome'], string> = {
  create: 'create',
  update: 'update',
  unchanged: 'unchanged',
  error: 'error',
};

type Stage = 'idle' | 'previewing' | 'previewed' | 'importing' | 'imported';

/**
 * Import students (docs/product.md §2.13), admins: choose the term (the active one preselected, or one
 * being prepared) and a CSV file, see every row's outcome
 * (a dry run), import it in chunks with a progress bar, and read the summary; the rows with
 * errors download as CSV. Importing the same file again changes nothing.
 */
export function ImportPage() {
  const [fileName, setFileName] = useState('');
  const [rows, setRows] = useState<FileRow[]>([]);
  const [createMissing, setCreateMissing] = useState(false);
  const [stage, setStage] = useState<Stage>('idle');
  const [run, setRun] = useState<ImportRun | null>(null);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const refresh = useRefresh();
  const chain = useChain({ terms: 'all', preferActive: true, depth: 'term' });
  const termid = chain.term.id;
  const fileId = useId();
  const tableId = useId();

  async function send(fileRows: FileRow[], dryRun: boolean, missing = createMissing, term = termid) {
    setBanner(null);
    if (!term) {
      setBanner({ kind: 'error', text: 'Please select a term' });
      return;
    }
    setStage(dryRun ? 'previewing' : 'importing');
    try {
      const result = await runImport(fileRows, { dryRun, createMissing: missing, termid: term }, (done, total) =>
        setProgress({ done, total }),
      );
      setRun(result);
      setStage(dryRun ? 'previewed' : 'imported');
      if (!dryRun) setBanner({ kind: 'success', text: importSummary({ dryRun, counts: result.counts }) });
    } catch (failure) {
      setStage(dryRun ? 'idle' : 'previewed');
      setBanner({
        kind: 'error',
        text: dryRun
          ? errorMessage(failure)
          : `${errorMessage(failure)} The rows sent before this stop are saved: import the file again to finish.`,
      });
    } finally {
      if (!dryRun) await refresh('POST /student/import');
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setRun(null);
    setRows([]);
    setBanner(null);
    setStage('idle');
    if (!file) return;
    setFileName(file.name);
    const parsed = await parseStudentsCsv(await file.text());
    if ('error' in parsed) {
      setBanner({ kind: 'error', text: parsed.error });
      return;
    }
    setRows(parsed.rows);
    await send(parsed.rows, true);
  }

  const busy = stage === 'previewing' || stage === 'importing';
  const byRow = new Map(rows.map((row) => [row.row, row]));
  const toSave = run ? run.counts.create + run.counts.update : 0;

  return (
    <Page
      title="Import students"
      lead={
        <p className="admin-lead">
          Add or update many students from a CSV file with the columns {IMPORT_COLUMNS.join(', ')}, into the term you choose. Guardian
          contacts may follow in the optional columns {GUARDIAN_COLUMNS[0]} … {GUARDIAN_COLUMNS.at(-1)} (name, relation, email and phone of
          guardian 1 and 2); a file with them sets each student&rsquo;s guardians, one without them leaves them as they are. So does an
          optional column {DOB_COLUMN}, the date of birth as YYYY-MM-DD or DD-MM-YYYY. Back to <Link to="/dashboard/student">Student</Link>.
        </p>
      }
    >
      <form className="card admin-form" aria-label="Import students" noValidate onSubmit={(event) => event.preventDefault()}>
        <div className="admin-fields">
          <Field
            label="Term"
            name="termid"
            hint={termHint(chain)}
            {...levelField(chain.term)}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              chain.term.choose(event.target.value);
              // The preview was of the other term's structure: check the rows again in this one.
              if (rows.length) void send(rows, true, createMissing, event.target.value);
            }}
            disabled={busy}
          />
          <div className="field">
            <label htmlFor={fileId}>CSV file</label>
            {/* Until the terms have come there is no term to check the rows in: a file chosen then would only be refused. */}
            <input id={fileId} type="file" accept=".csv,text/csv" disabled={busy || !termid} onChange={(event) => void choose(event)} />
          </div>
          <label className="import-option">
            <input
              type="checkbox"
              checked={createMissing}
              disabled={busy}
              onChange={(event) => {
                setCreateMissing(event.target.checked);
                if (rows.length) void send(rows, true, event.target.checked);
              }}
            />{' '}
            Create missing divisions and batches
          </label>
        </div>
        {stage === 'previewed' && run && (
          <div className="admin-actions">
            <button type="button" className="button" disabled={toSave === 0} onClick={() => void send(rows, false)}>
              {`Import ${toSave} ${toSave === 1 ? 'student' : 'students'}`}
            </button>
          </div>
        )}
        {stage === 'imported' && (
          <div className="admin-actions">
            <button type="button" className="button button-secondary" onClick={() => void send(rows, false)}>
              Import again
            </button>
          </div>
        )}
      </form>

      {busy && (
        <p role="status">
          <label>
            {stage === 'previewing' ? 'Checking rows' : 'Importing rows'}{' '}
            <progress max={progress.total} value={progress.done}>
              {progress.done} of {progress.total}
            </progress>{' '}
            {progress.done} of {progress.total}
          </label>
        </p>
      )}
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />

      {run && !busy && (
        <section className="admin-list" aria-labelledby={tableId}>
          <h2 id={tableId}>
            {stage === 'imported' ? 'Import summary' : 'Preview'} of {fileName}
          </h2>
          <dl className="import-counts" aria-label="Counts">
            <div>
              <dt>{stage === 'imported' ? 'Created' : 'To create'}</dt>
              <dd data-count="create">{run.counts.create}</dd>
            </div>
            <div>
              <dt>{stage === 'imported' ? 'Updated' : 'To update'}</dt>
              <dd data-count="update">{run.counts.update}</dd>
            </div>
            <div>
              <dt>Unchanged</dt>
              <dd data-count="unchanged">{run.counts.unchanged}</dd>
            </div>
            <div>
              <dt>Errors</dt>
              <dd data-count="error">{run.counts.error}</dd>
            </div>
          </dl>
          {run.counts.error > 0 && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                saveFile(csvBlob(errorRowsCsv(rows, run.results)), safeFileName(`${fileName.replace(/\.csv$/i, '')} errors`, 'csv'))
              }
            >
              Download error rows (CSV)
            </button>
          )}
          <div className="import-table-scroll">
            <table className="admin-table" aria-labelledby={tableId}>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Enrollment</th>
                  <th scope="col">Name</th>
                  <th scope="col">Batch</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {run.results.map((result) => {
                  const row = byRow.get(result.row);
                  return (
                    <tr key={result.row} data-outcome={result.outcome}>
                      <td>{result.row}</td>
                      <td>{row?.enrollment}</td>
                      <td>{row?.name}</td>
                      <td>{row ? `${row.semester} › ${row.division} › ${row.batch}` : ''}</td>
                      <td>{OUTCOME_LABELS[result.outcome]}</td>
                      <td>{result.message}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </Page>
  );
}
