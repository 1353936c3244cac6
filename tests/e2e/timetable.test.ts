import { describe, expect, it } from 'vitest';
import { ADMIN, DESKTOP, PHONE, screenshot, scrollsSideways, withinWidth } from './support/browser';
import { useE2e } from './support/use-e2e';

/*
 * The Timetable screen in Chromium against the demo week (Monday to Friday, docs/product.md): the week fits
 * 1280 px with every teaching day, Edit changes a class through the add dialog, a clash names the other class.
 */

// The refused move is a 409, which Chromium logs as a failed load.
const t = useE2e({ account: ADMIN, viewport: DESKTOP, expectedErrors: /409/ });
const { main, button, toast, open } = t;

const week = () => main().getByRole('region', { name: /^Timetable of .*, by weekday$/ });

describe('e2e admin: Timetable', () => {
  it('fits 1280 px with Monday to Saturday, Sunday left out while no class uses it; and a phone', async () => {
    await open('/dashboard/timetable', 'Timetable');
    await main()
      .getByRole('heading', { level: 2, name: /^Timetable of / })
      .waitFor();
    await week()
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    expect(await week().getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(await scrollsSideways(t.page)).toBe(false);
    expect(await withinWidth(week().getByRole('heading', { level: 3, name: 'Saturday' }))).toBe(true);
    expect(
      await withinWidth(
        week()
          .getByRole('button', { name: /^Delete / })
          .last(),
      ),
    ).toBe(true);
    await screenshot(t.page, 'admin-timetable-1280');
    await t.page.setViewportSize(PHONE);
    expect(await scrollsSideways(t.page)).toBe(false);
    await screenshot(t.page, 'admin-timetable-360');
    await t.page.setViewportSize(DESKTOP);
  });

  it('changes a class with Edit, and a move onto another class is refused with that class named', async () => {
    // A class of Tuesday's, whose slot a Monday lecture is moved onto.
    const tuesday = await week()
      .getByRole('button', { name: /^Edit .*, Tuesday / })
      .first()
      .getAttribute('aria-label');
    const taken = tuesday!.replace(/^.*, Tuesday /, '');
    const edit = week()
      .getByRole('button', { name: /^Edit .* Lecture, .*, Monday / })
      .first();
    const label = (await edit.getAttribute('aria-label'))!;
    await edit.click();
    const change = t.page.getByRole('dialog', { name: /^Change a class: Monday, / });
    await expect.poll(() => change.getByLabel('Course', { exact: true }).inputValue()).not.toBe('');
    await change.getByLabel('Weekday', { exact: true }).selectOption('Tuesday');
    await change.getByLabel('Slot', { exact: true }).selectOption({ label: taken });
    await change.getByRole('button', { name: 'Save changes' }).click();
    const named = new RegExp(`already (has|teaches) .+ \\((Lecture|Lab)\\) (with|to) .+ on Tuesday ${taken}`);
    await expect.poll(() => change.getByRole('alert').textContent()).toMatch(named);

    await change.getByLabel('Weekday', { exact: true }).selectOption('Saturday');
    await change.getByLabel('Slot', { exact: true }).selectOption({ label: label.replace(/^.*, Monday /, '') });
    await change.getByRole('button', { name: 'Save changes' }).click();
    await toast('Timetable entry updated').waitFor();
    await week()
      .getByRole('button', { name: label.replace('Monday', 'Saturday') })
      .waitFor();
    expect(await button(label).count()).toBe(0);
    expect(t.consoleErrors).toEqual([]);
  });
});
