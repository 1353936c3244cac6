import { useState } from 'react';
import { changeTermSchema } from '@shared/schemas/structure';
import { Field } from '@web/components/ui/field';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { withLoader } from '@web/lib/loading';
import { useWrite } from '@web/lib/use-write';
import { LEVELS, levelField, useChain, type Chain } from '../chain';
import { AdminForm } from './admin-form';

const LABELS = { term: 'Term', semester: 'Semester', division: 'Division', batch: 'Batch' } as const;

/** One group of four selects; the To group's field names carry the update_ prefix (docs/product.md §3). */
function ChainFieldset(props: { legend: string; chain: Chain; prefix: '' | 'update_'; error?: string; onChosen: () => void }) {
  const { legend, chain, prefix, error, onChosen } = props;
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      {LEVELS.map((level) => (
        <Field
          key={level}
          label={LABELS[level]}
          name={`${prefix}${level}_id`}
          error={level === 'batch' ? error : undefined}
          {...levelField(chain[level], onChosen)}
        />
      ))}
    </fieldset>
  );
}

/** '15 students moved'. */
export const movedMessage = (moved: number) => `${moved} ${moved === 1 ? 'student' : 'students'} moved`;

/**
 * Change Term (docs/product.md §2.8): From (active terms only) and To (every term), each term → semester →
 * division → batch; 'Change Term' moves every student of the From batch into the To batch.
 */
export function ChangeTermPage() {
  const from = useChain({ terms: 'active', depth: 'batch' });
  const to = useChain({ terms: 'all', depth: 'batch' });
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const form = useForm({}, { onFailure: (failure) => setBanner({ kind: 'error', text: errorMessage(failure) }) });
  const write = useWrite();

  const move = form.handle(
    changeTermSchema,
    async (batches) => {
      const answer = await withLoader(() => write('PATCH /student/updateterm', { body: batches }));
      setBanner({ kind: 'success', text: movedMessage(answer.data.moved) });
    },
    () => ({ oldbatchid: from.batch.id, newbatchid: to.batch.id }),
  );

  const clear = () => form.setErrors({});
  return (
    <Page title="Change Term" lead={<p className="admin-lead">Move every student of a batch into a batch of another term.</p>}>
      <AdminForm
        label="Change term"
        addLabel="Change Term"
        onAdd={(event) => {
          setBanner(null);
          void move(event);
        }}
        busy={form.busy}
        layout="admin-fieldsets"
      >
        <ChainFieldset legend="From" chain={from} prefix="" error={form.errors.oldbatchid} onChosen={clear} />
        <ChainFieldset legend="To" chain={to} prefix="update_" error={form.errors.newbatchid ?? form.errors.form} onChosen={clear} />
      </AdminForm>
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
    </Page>
  );
}
