import { MAX_CHECK_IN_MARGIN_MINUTES, MAX_LATE_AFTER_MINUTES, type CheckInSettings } from '@shared/schemas/check-in-settings';
import { Field } from '@web/components/ui/field';
import type { Form } from '@web/lib/form';

/**
 * Check-in's part of the Settings form (docs/product.md §2.18): how long around a class its check-in may be open,
 * when a check-in is late, and the college's networks. The form holds text; these convert to it and back.
 */
type CheckInValues = Record<keyof CheckInSettings, string>;

export const checkInAsText = (settings: CheckInSettings): CheckInValues => ({
  checkInMarginMinutes: String(settings.checkInMarginMinutes),
  checkInLateAfterMinutes: settings.checkInLateAfterMinutes === null ? '' : String(settings.checkInLateAfterMinutes),
  checkInNetworks: settings.checkInNetworks.join(', '),
});

/** The text as the schema reads it: an empty late time is never late; networks are split at commas and spaces. */
export const checkInFromText = (values: CheckInValues) => ({
  checkInMarginMinutes: values.checkInMarginMinutes.trim() === '' ? undefined : Number(values.checkInMarginMinutes),
  checkInLateAfterMinutes: values.checkInLateAfterMinutes.trim() === '' ? null : Number(values.checkInLateAfterMinutes),
  checkInNetworks: values.checkInNetworks.split(/[\s,]+/).filter(Boolean),
});

export function CheckInSettingsFields<V extends CheckInValues>({ form }: { form: Form<V> }) {
  const field = (name: keyof CheckInSettings) => form.field(name as keyof V & string) as ReturnType<Form<CheckInValues>['field']>;
  return (
    <fieldset className="admin-fieldset" style={{ gridColumn: '1 / -1' }}>
      <legend>Check-in</legend>
      <Field
        label="Check-in open around a class (minutes)"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_CHECK_IN_MARGIN_MINUTES}
        step={1}
        hint="A teacher can open check-in this long before the class's start, and it stays open this long after its end."
        {...field('checkInMarginMinutes')}
      />
      <Field
        label="Late after (minutes)"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_LATE_AFTER_MINUTES}
        step={1}
        hint="A student checking in this long after the class's start starts as late on the form. Empty: never late."
        {...field('checkInLateAfterMinutes')}
      />
      <Field
        label="College networks"
        hint="Addresses with their prefix, separated by commas (10.20.0.0/16, 2001:db8::/48). A check-in from elsewhere is taken and flagged, never refused. Empty: no check."
        {...field('checkInNetworks')}
      />
    </fieldset>
  );
}
