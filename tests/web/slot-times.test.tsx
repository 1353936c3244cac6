import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SLOT_MESSAGES, type Slot } from '@shared/schemas/structure';
import { columnNames, loadAdminScreens, main, openAdmin, posts, rowTexts } from './support/admin';

loadAdminScreens();

/*
 * The Slot screen's class times (docs/product.md §2.5): two time inputs on Add, a Class times column,
 * a slot an older release stored without them flagged 'No class times' with Set times (PATCH slot/{id}).
 */

const NINE: Slot = { _id: 'sl9', name: '09:00 - 10:00', termid: 't1', start: '09:00', end: '10:00' };
const MORNING: Slot = { _id: 'slm', name: 'Morning', termid: 't1' };

async function openSlots(slots: Slot[]) {
  const opened = await openAdmin('/dashboard/slot', 'Slot', {
    'GET /slot/t1': () => ({ data: [...slots] }),
    'POST /slot': (body) => {
      const slot = { _id: `sl${slots.length + 1}`, ...body };
      slots.push(slot);
      return { status: 201, data: slot, message: 'Slot added successfully' };
    },
    'PATCH /slot/slm': (body) => {
      const at = slots.findIndex((slot) => slot._id === MORNING._id);
      slots[at] = { ...slots[at]!, ...body } as Slot;
      return { data: slots[at]!, message: 'Slot updated successfully' };
    },
  });
  await waitFor(() => expect(main().getByLabelText('Term')).toHaveValue('t1'));
  return opened;
}
const setTime = (label: string, value: string, within = main()) => fireEvent.change(within.getByLabelText(label), { target: { value } });
const slotTable = () => screen.findByRole('table', { name: 'Slots of 2026-27 Odd Term' });

describe('admin: Slot class times', () => {
  it('adds a slot with its start and end (time inputs) and lists its class times', async () => {
    const slots = [NINE];
    const { api, app } = await openSlots(slots);
    expect(main().getByLabelText('Starts')).toHaveAttribute('type', 'time');
    expect(main().getByLabelText('Ends')).toHaveAttribute('type', 'time');
    await app.user.type(main().getByLabelText('Name'), 'Second lecture');
    setTime('Starts', '10:15');
    setTime('Ends', '11:15');
    await app.user.click(main().getByRole('button', { name: 'Add Slot' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Slot added successfully');
    expect(api.callsTo('POST', '/slot')[0]!.body).toEqual({ name: 'Second lecture', termid: 't1', start: '10:15', end: '11:15' });

    const table = await slotTable();
    await waitFor(() => expect(rowTexts(table)).toHaveLength(2));
    expect(columnNames(table)).toEqual(['Name', 'Class times', 'Actions']);
    expect(rowTexts(table)).toEqual([
      ['09:00 - 10:00', '09:00 – 10:00', 'RenameChange timesDelete'],
      ['Second lecture', '10:15 – 11:15', 'RenameChange timesDelete'],
    ]);
    expect(main().getByLabelText('Starts')).toHaveValue('');
    expect(screen.queryByText(SLOT_MESSAGES.noTimes, { exact: false })).not.toBeInTheDocument();
  });

  it('says what is wrong with the times under each field, and sends nothing', async () => {
    const { api, app } = await openSlots([NINE]);
    await app.user.type(main().getByLabelText('Name'), 'Backwards');
    setTime('Ends', '09:00');
    await app.user.click(main().getByRole('button', { name: 'Add Slot' }));
    expect(main().getByLabelText('Starts')).toHaveAccessibleDescription(expect.stringContaining(SLOT_MESSAGES.start));
    setTime('Starts', '10:00');
    await app.user.click(main().getByRole('button', { name: 'Add Slot' }));
    expect(main().getByLabelText('Ends')).toHaveAccessibleDescription(expect.stringContaining(SLOT_MESSAGES.order));
    expect(posts(api)).toEqual([]);
  });

  it('flags a slot without class times, and sets them from its row', async () => {
    const { api, app } = await openSlots([NINE, MORNING]);
    await app.user.click(main().getByRole('button', { name: 'Get Slots' }));
    const table = await slotTable();
    expect(rowTexts(table)).toEqual([
      ['09:00 - 10:00', '09:00 – 10:00', 'RenameChange timesDelete'],
      ['Morning', 'No class times', 'RenameSet timesDelete'],
    ]);
    expect(main().getByText(SLOT_MESSAGES.noTimes, { exact: false })).toHaveTextContent(`${SLOT_MESSAGES.noTimes} (1 slot).`);

    await app.user.click(within(table).getByRole('button', { name: 'Set times Morning' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Class times of Morning' }));
    expect(dialog.getByLabelText('Starts')).toHaveValue('');
    setTime('Starts', '08:00', dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    // Half the times: not sent.
    expect(dialog.getByLabelText('Ends')).toHaveAccessibleDescription(expect.stringContaining(SLOT_MESSAGES.end));
    expect(api.callsTo('PATCH', '/slot/slm')).toEqual([]);
    setTime('Ends', '08:50', dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Slot updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/slot/slm').map((call) => call.body)).toEqual([{ start: '08:00', end: '08:50' }]);
    await waitFor(() => expect(rowTexts(table)[1]).toEqual(['Morning', '08:00 – 08:50', 'RenameChange timesDelete']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(SLOT_MESSAGES.noTimes, { exact: false })).not.toBeInTheDocument();
  });
});
