import { useState, type FormEvent } from 'react';
import { changeTermSchema } from '@shared/schemas/structure';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { withLoader } from '@web/lib/loading';
import { useStudentWrites } from '../api/students';
import { LEVELS, useChain, type Chain } from '../chain';
import { firstErrors, focusFirstError } from '../validation';
import { LevelSelect } from './level-select';
import './admin.css';

const LABELS = { term: 'Term', semester: 'Semester', division: 'Division', batch: 'Batch' } as const;

/** One group of four selects; the To group's field names carry the update_ prefix (docs/product.md §3). */
function ChainFieldset({
  legend,
  chain,
  prefix,
  error,
  onChosen,
}: {
  legend: string;
  chain: Chain;
  prefix: '' | 'update_';
  error?: string;
  onChosen: () => void;
}) {
  const idPrefix = prefix ? 'to' : 'from';
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      {LEVELS.map((level) => (
        <LevelSelect
          key={level}
          level={chain[level]}
          id={`${idPrefix}-${level}`}
          name={`${prefix}${level}_id`}
          label={LABELS[level]}
          error={level === 'batch' ? error : undefined}
          onChosen={onChosen}
        />
      ))}
    </fieldset>
  );
}

type Field = 'oldbatchid' | 'newbatchid' | 'form';

/** '15 students moved'. */
export const movedMessage = (moved: number) => `${moved} ${moved === 1 ? 'student' : 'students'} moved`;

/**
 * Change Term (docs/product.md §2.8): From (active terms only) and To (every term), each term → semester →
 * division → batch; 'Change Term' moves every student of the From batch into the To batch.
 */
export function ChangeTermPage() {
  const from = useChain({ terms: 'active', depth: 'batch' });
  const to = useChain({ terms: 'all', depth: 'batch' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const writes = useStudentWrites();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBanner(null);
    const parsed = changeTermSchema.safeParse({ oldbatchid: from.batch.id, newbatchid: to.batch.id });
    if (!parsed.success) {
      const next = firstErrors<Field>(parsed.error, 'form');
      setErrors(next);
      focusFirstError(next, [
        ['oldbatchid', 'from-batch'],
        ['newbatchid', 'to-batch'],
        ['form', 'to-batch'],
      ]);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await withLoader(() => writes.move(parsed.data.oldbatchid, parsed.data.newbatchid));
      setBanner({ kind: 'success', text: movedMessage(answer.data?.moved ?? 0) });
    } catch (failure) {
      setBanner({ kind: 'error', text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  const clear = () => setErrors({});
  return (
    <Page title="Change Term" lead={<p className="admin-lead">Move every student of a batch into a batch of another term.</p>}>
      <form className="card admin-form" onSubmit={onSubmit} noValidate aria-label="Change term">
        <div className="admin-fieldsets">
          <ChainFieldset legend="From" chain={from} prefix="" error={errors.oldbatchid} onChosen={clear} />
          <ChainFieldset legend="To" chain={to} prefix="update_" error={errors.newbatchid ?? errors.form} onChosen={clear} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" aria-busy={busy || undefined}>
            Change Term
          </button>
        </div>
      </form>
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
    </Page>
  );
}
