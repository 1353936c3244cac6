import { ALERT_SETTING_NAMES, MAX_MIN_SESSIONS, type AlertSettings } from '@shared/schemas/alert-settings';
import { WEEKDAYS } from '@shared/schemas/timetable';
import { Field } from '@web/components/ui/field';
import { useCollegeTime } from '@web/lib/college-time';
import type { Form } from '@web/lib/form';

/**
 * The email alerts' part of the Settings form (docs/product.md §2.9, §10): each alert on or off, and
 * when it is sent (college time). The form holds text; these convert the alert settings to it and back.
 * The server refuses an alert turned on while the college has no name; the form shows its message.
 */
type AlertValues = Record<keyof AlertSettings, string>;

const ON_OFF = [
  { value: 'true', label: 'On' },
  { value: 'false', label: 'Off' },
];
const WEEKDAY_OPTIONS = WEEKDAYS.map((name, at) => ({ value: String(at + 1), label: name }));
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }));

export const alertsAsText = (settings: AlertSettings): AlertValues =>
  Object.fromEntries(ALERT_SETTING_NAMES.map((name) => [name, String(settings[name])])) as AlertValues;

/** The text as the schema reads it: booleans and numbers where they go (an empty number is missing, so it gets its message). */
export const alertsFromText = (values: AlertValues) =>
  Object.fromEntries(
    ALERT_SETTING_NAMES.map((name) => {
      const text = values[name];
      if (name === 'collegeName') return [name, text];
      if (text === 'true' || text === 'false') return [name, text === 'true'];
      return [name, text.trim() === '' ? undefined : Number(text)];
    }),
  );

export function AlertSettingsFields<V extends AlertValues>({ form }: { form: Form<V> }) {
  // The settings form's values include these (V extends AlertValues): each field's value is text.
  const field = (name: keyof AlertSettings) => form.field(name as keyof V & string) as ReturnType<Form<AlertValues>['field']>;
  const collegeTime = `College time (${useCollegeTime().timeZone}).`;
  return (
    // The whole width of the form: a group of its own under the attendance rules.
    <fieldset className="admin-fieldset" style={{ gridColumn: '1 / -1' }}>
      <legend>Email alerts</legend>
      <Field
        label="College name in emails"
        hint="Every alert email names the college it comes from: no alert can be turned on before it is set."
        {...field('collegeName')}
      />
      <Field
        label="Classes not marked"
        options={ON_OFF}
        hint="A reminder to the faculty member a set time after the class's slot ends (its end time), and the day's list to the admins."
        {...field('notMarkedAlerts')}
      />
      <Field
        label="Remind after the slot ends (minutes)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...field('notMarkedAfterMinutes')}
      />
      <Field label="Admins' daily list at" options={HOUR_OPTIONS} hint={collegeTime} {...field('notMarkedDigestHour')} />
      <Field
        label="Students under the threshold"
        options={ON_OFF}
        hint="A weekly email to each student who fell under the threshold in a course, with the classes needed to get back."
        {...field('belowThresholdAlerts')}
      />
      <Field label="Weekly email on" options={WEEKDAY_OPTIONS} {...field('belowThresholdWeekday')} />
      <Field label="Weekly email at" options={HOUR_OPTIONS} hint={collegeTime} {...field('belowThresholdHour')} />
      <Field
        label="Sessions held before a first email"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_MIN_SESSIONS}
        step={1}
        hint="A course is counted for a student once this many of its sessions are held: one absence in the first class is not news."
        {...field('belowThresholdMinSessions')}
      />
      <Field label="Copy to the faculty member" options={ON_OFF} {...field('belowThresholdCopyFaculty')} />
      <Field
        label="Absences in a row"
        options={ON_OFF}
        hint="An email to the student and to the admins when a student misses this many classes of a course in a row (checked daily at the admins' hour)."
        {...field('absenceStreakAlerts')}
      />
      <Field
        label="Absences in a row before an email"
        type="number"
        inputMode="numeric"
        min={2}
        step={1}
        {...field('absenceStreakLength')}
      />
    </fieldset>
  );
}
