import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Routes } from './support/fake-api';
import { loadAdminScreens, openAdmin, optionNames } from './support/admin';
import { ODD, OLD } from './support/fixtures';

loadAdminScreens();

describe('change term screen (docs/product.md §2.8)', () => {
  const handlers = { 'GET /term/active': { data: [OLD, ODD] } };

  async function openChangeTerm<T>(extra?: Routes<T>) {
    const { api, app } = await openAdmin('/dashboard/changestu', 'Change Term', {
      'GET /semester/t0': { data: [{ _id: 's1', name: 'Semester 1', termid: 't0' }] },
      'GET /division/s1': { data: [{ _id: 'd0', name: 'Division 1', semid: 's1' }] },
      'GET /batch/d0': { data: [{ _id: 'b0', name: 'Batch 1A', divisionid: 'd0' }] },
      ...handlers,
      ...extra,
    });
    const from = within(screen.getByRole('group', { name: 'From' }));
    const to = within(screen.getByRole('group', { name: 'To' }));
    await waitFor(() => expect(from.getByLabelText('Batch')).toHaveValue('b0'));
    await waitFor(() => expect(to.getByLabelText('Batch')).toHaveValue('b9'));
    return { api, app, from, to };
  }

  it('From offers the active terms only, To every term; each level preselects its first item; field names as docs/product.md §3', async () => {
    const { from, to, app } = await openChangeTerm();
    expect(optionNames(from.getByLabelText('Term'))).toEqual(['2024-25 Odd Term', '2026-27 Odd Term']);
    expect(optionNames(to.getByLabelText('Term'))).toEqual(['2025-26 Even Term', '2026-27 Odd Term']);
    expect(['Term', 'Semester', 'Division', 'Batch'].map((label) => from.getByLabelText(label).getAttribute('name'))).toEqual([
      'term_id',
      'semester_id',
      'division_id',
      'batch_id',
    ]);
    expect(['Term', 'Semester', 'Division', 'Batch'].map((label) => to.getByLabelText(label).getAttribute('name'))).toEqual([
      'update_term_id',
      'update_semester_id',
      'update_division_id',
      'update_batch_id',
    ]);
    expect(['Term', 'Semester', 'Division', 'Batch'].map((label) => (to.getByLabelText(label) as HTMLSelectElement).value)).toEqual([
      't2',
      's2',
      'd9',
      'b9',
    ]);

    // Choosing a term loads its semesters, then divisions, then batches, each with the first chosen.
    await app.user.selectOptions(to.getByLabelText('Term'), 't1');
    await waitFor(() => expect(to.getByLabelText('Batch')).toHaveValue('b1'));
    expect(to.getByLabelText('Semester')).toHaveValue('s3');
    expect(to.getByLabelText('Division')).toHaveValue('d1');
    // An empty list clears the levels below.
    await app.user.selectOptions(to.getByLabelText('Semester'), 's5');
    await waitFor(() => expect(to.getByLabelText('Division')).toHaveValue(''));
    expect(to.getByLabelText('Batch')).toHaveValue('');
  });

  it("Change Term sends the two batches and shows 'N students moved'", async () => {
    const { api, app } = await openChangeTerm({
      'PATCH /student/updateterm': { data: { moved: 15 }, message: '15 students moved to the new batch' },
    });
    await app.user.click(screen.getByRole('button', { name: 'Change Term' }));
    expect(await screen.findByRole('status')).toHaveTextContent('15 students moved');
    expect(api.callsTo('PATCH', '/student/updateterm')[0]!.body).toEqual({ oldbatchid: 'b0', newbatchid: 'b9' });
  });

  it('needs a To batch different from the From batch, and a To batch at all', async () => {
    const { api, app, from, to } = await openChangeTerm();
    await app.user.selectOptions(from.getByLabelText('Term'), 't1');
    await waitFor(() => expect(from.getByLabelText('Batch')).toHaveValue('b1'));
    await app.user.selectOptions(to.getByLabelText('Term'), 't1');
    await waitFor(() => expect(to.getByLabelText('Batch')).toHaveValue('b1'));
    await app.user.click(screen.getByRole('button', { name: 'Change Term' }));
    expect(to.getByLabelText('Batch')).toHaveAccessibleDescription('Choose a different batch to move to');

    await app.user.selectOptions(to.getByLabelText('Division'), 'd2');
    await waitFor(() => expect(to.getByLabelText('Batch')).toHaveValue(''));
    await app.user.click(screen.getByRole('button', { name: 'Change Term' }));
    expect(to.getByLabelText('Batch')).toHaveAccessibleDescription('Please select the batch to move to');
    expect(to.getByLabelText('Batch')).toHaveFocus();
    expect(api.callsTo('PATCH', '/student/updateterm')).toHaveLength(0);
  });
});
