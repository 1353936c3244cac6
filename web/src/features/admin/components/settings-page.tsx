import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  EXCUSED_RULES,
  MARK_BACK_DAYS_LABEL,
  MARKING_POLICIES,
  MAX_MARK_BACK_DAYS,
  settingsSchema,
  SETTINGS_MESSAGES,
  THRESHOLD_SCOPES,
  type CollegeSettings,
  type ExcusedRule,
  type MarkingPolicy,
  type ThresholdScope,
} from '@shared/schemas/settings';
import { Field } from '@web/components/ui/field';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { Loaded } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { useSettings } from '@web/lib/queries';
import { useWrite } from '@web/lib/use-write';
import { AdminForm } from './admin-form';
import { AlertSettingsFields, alertsAsText, alertsFromText } from './alert-settings-fields';
import { CheckInSettingsFields, checkInAsText, checkInFromText } from './check-in-settings-fields';
import { kindRows, kindsFromRows, LEAVE_BACK_DAYS_FIELD, LeaveKindsFields } from './leave-kinds-fields';
import { MAX_IDLE_MINUTES, MIN_IDLE_MINUTES } from '@shared/schemas/session-settings';
import { MAX_RETENTION_YEARS } from '@shared/schemas/privacy';

/** The form's text: every setting but the kinds of leave, a list the form keeps apart (leave-kinds-fields.tsx). */
type SettingsValues = Record<Exclude<keyof CollegeSettings, 'leaveKinds'>, string>;

const EXCUSED_LABELS: Record<ExcusedRule, string> = {
  excluded: "Left out of the student's total",
  absent: 'Counted as absent',
};
const EXCUSED_OPTIONS = EXCUSED_RULES.map((rule) => ({ value: rule, label: EXCUSED_LABELS[rule] }));
const POLICY_LABELS: Record<MarkingPolicy, string> = {
  'any-faculty': 'Any faculty member',
  assigned: 'Only the assigned faculty member',
};
const SCOPE_LABELS: Record<ThresholdScope, string> = {
  'each-course': 'Each course (lectures and labs apart)',
  overall: 'The overall percentage',
};
const SCOPE_OPTIONS = THRESHOLD_SCOPES.map((scope) => ({ value: scope, label: SCOPE_LABELS[scope] }));
const POLICY_OPTIONS = MARKING_POLICIES.map((policy) => ({ value: policy, label: POLICY_LABELS[policy] }));

/** Every time zone the browser knows, the current one kept first when the browser lacks it (an alias such as 'UTC'). */
function timeZoneOptions(current: string) {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...(known.includes(current) ? [] : [current]), ...known].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

const asText = (settings: CollegeSettings): SettingsValues => ({
  editWindowHours: String(settings.editWindowHours),
  lateCounts: String(settings.lateCounts),
  excusedCounts: settings.excusedCounts,
  threshold: String(settings.threshold),
  thresholdApplies: settings.thresholdApplies,
  markingPolicy: settings.markingPolicy,
  markBackDays: String(settings.markBackDays),
  timeZone: settings.timeZone,
  sessionIdleMinutes: String(settings.sessionIdleMinutes),
  leaveBackDays: String(settings.leaveBackDays),
  privacyContact: settings.privacyContact,
  retentionYears: settings.retentionYears === null ? '' : String(settings.retentionYears),
  ...alertsAsText(settings),
  ...checkInAsText(settings),
});

/** The form's text as the schema reads it: numbers where numbers go (an empty field is missing, so it gets its message). */
const asSettings = (values: SettingsValues) => ({
  editWindowHours: values.editWindowHours.trim() === '' ? undefined : Number(values.editWindowHours),
  lateCounts: values.lateCounts.trim() === '' ? undefined : Number(values.lateCounts),
  excusedCounts: values.excusedCounts,
  threshold: values.threshold.trim() === '' ? undefined : Number(values.threshold),
  thresholdApplies: values.thresholdApplies,
  markingPolicy: values.markingPolicy,
  markBackDays: values.markBackDays.trim() === '' ? undefined : Number(values.markBackDays),
  timeZone: values.timeZone,
  sessionIdleMinutes: values.sessionIdleMinutes.trim() === '' ? undefined : Number(values.sessionIdleMinutes),
  leaveBackDays: values.leaveBackDays.trim() === '' ? undefined : Number(values.leaveBackDays),
  privacyContact: values.privacyContact,
  // Empty: kept for ever.
  retentionYears: values.retentionYears.trim() === '' ? null : Number(values.retentionYears),
  ...alertsFromText(values),
  ...checkInFromText(values),
});

/** Settings (docs/product.md §3), admins: the college's attendance rules, read and saved as one form. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <Page
      title="Settings"
      lead={
        <p className="admin-lead">
          The college&apos;s attendance rules: who may mark and correct a class, and how statuses count. Who changed what: the{' '}
          <Link to="/dashboard/audit">audit trail</Link>. A student&apos;s data on request, and erasure:{' '}
          <Link to="/dashboard/studentdata">student data</Link>.
        </p>
      }
    >
      <Loaded list={{ ...settings, data: settings.data && [settings.data] }} empty="No settings found">
        {([current]) => <SettingsForm current={current!} />}
      </Loaded>
    </Page>
  );
}

function SettingsForm({ current }: { current: CollegeSettings }) {
  const [saved, setSaved] = useState(current);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const form = useForm(asText(current), { onFailure: (failure) => setBanner({ kind: 'error', text: errorMessage(failure) }) });
  const [kinds, setKinds] = useState(() => kindRows(current.leaveKinds));
  const write = useWrite();

  const save = form.handle(
    settingsSchema,
    async (next) => {
      // Only what changed is sent: a setting another admin changed meanwhile is not put back.
      // The kinds of leave are a list: compared by their content.
      const same = (name: string, value: unknown) => JSON.stringify(saved[name as keyof CollegeSettings]) === JSON.stringify(value);
      const patch = Object.fromEntries(Object.entries(next).filter(([name, value]) => !same(name, value)));
      if (Object.keys(patch).length === 0) {
        setBanner({ kind: 'error', text: SETTINGS_MESSAGES.nothing });
        return;
      }
      const answer = await write('PATCH /settings', { body: patch });
      setSaved(answer.data);
      form.setValues(asText(answer.data));
      setKinds(kindRows(answer.data.leaveKinds));
      setBanner({ kind: 'success', text: answer.message || SETTINGS_MESSAGES.saved });
    },
    (values) => ({ ...asSettings(values), leaveKinds: kindsFromRows(kinds) }),
  );

  return (
    <>
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
      <AdminForm label="Settings" addLabel="Save settings" onAdd={save} busy={form.busy}>
        <Field
          label="Edit window (hours)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="How long the faculty member who marked a session may correct it. 0: only admins can."
          {...form.field('editWindowHours')}
        />
        <Field
          label="A late counts as"
          type="number"
          inputMode="decimal"
          min={0}
          max={1}
          step={0.05}
          hint="The part of a present a late is worth: 1 a full present, 0.5 half of one."
          {...form.field('lateCounts')}
        />
        <Field label="Excused sessions" options={EXCUSED_OPTIONS} {...form.field('excusedCounts')} />
        <Field
          label="Highlight below (%)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          hint="Reports mark the students under this percentage."
          {...form.field('threshold')}
        />
        <Field
          label="The threshold applies to"
          options={SCOPE_OPTIONS}
          hint="What a student must keep at or above it: each course, or all their classes together."
          {...form.field('thresholdApplies')}
        />
        <Field
          label="Who may mark"
          options={POLICY_OPTIONS}
          hint="The assigned faculty member is the one the timetable gives the course, kind and group to. Admins can always mark."
          {...form.field('markingPolicy')}
        />
        <Field
          label={MARK_BACK_DAYS_LABEL}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_MARK_BACK_DAYS}
          step={1}
          hint="How many days before today a faculty member may still mark a class (0: today only), never before the term's first day. Only admins can mark older dates, and each such mark is logged."
          {...form.field('markBackDays')}
        />
        <Field
          label="College time zone"
          options={timeZoneOptions(saved.timeZone)}
          hint="Today, class times, the edit window and the alerts' hours are in this time zone, whatever a phone's own."
          {...form.field('timeZone')}
        />
        <Field
          label="Sign out after inactivity (minutes)"
          type="number"
          inputMode="numeric"
          min={MIN_IDLE_MINUTES}
          max={MAX_IDLE_MINUTES}
          hint="A browser or phone left unused this long is signed out (a sign-in lasts 12 hours at most)."
          {...form.field('sessionIdleMinutes')}
        />
        <LeaveKindsFields
          rows={kinds}
          onRows={(rows) => {
            setKinds(rows);
            form.clearErrors('leaveKinds');
          }}
          errors={form.errors}
          backDays={<Field {...LEAVE_BACK_DAYS_FIELD} {...form.field('leaveBackDays')} />}
        />
        <Field
          label="Privacy contact"
          hint="Whom students and guardians ask about their data (a name, an email, a phone): the privacy notice, linked from the sign-in page, shows it."
          {...form.field('privacyContact')}
        />
        <Field
          label="Erase students' data after (years)"
          type="number"
          min={1}
          max={MAX_RETENTION_YEARS}
          hint="Years after the end of a student's last term; a daily job then erases them and the audit trail says so. Empty: keep for ever."
          {...form.field('retentionYears')}
        />
        <CheckInSettingsFields form={form} />
        <AlertSettingsFields form={form} />
      </AdminForm>
    </>
  );
}
