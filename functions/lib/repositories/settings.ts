import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ALERT_SETTINGS_MESSAGES, alertSettingsOf, alertsNeedName } from '@shared/schemas/alert-settings';
import { checkInSettingsOf } from '@shared/schemas/check-in-settings';
import { privacySettingsOf } from '@shared/schemas/privacy';
import { leaveSettingsOf } from '@shared/schemas/leave-settings';
import { loginSessionSettingsOf } from '@shared/schemas/session-settings';
import { DEFAULT_SETTINGS, type CollegeSettings, type SettingsPatch } from '@shared/schemas/settings';
import type { UserRef } from '@shared/schemas/attendance';
import { batchGet } from '../batch';
import { db, tableName } from '../db';
import { Conflict, Invalid } from '../domain-errors';
import * as keys from '../keys';
import { put, transact } from '../writes';

/**
 * The college's settings: one item (keys.collegeSettings) holding the college's rules, a `version`
 * and who changed them last. Until an admin saves them the defaults apply, and nothing is stored.
 */
interface SettingsItem extends Partial<CollegeSettings> {
  entity: 'settings';
  version?: number;
}

/** The rules an item holds, the defaults for those it does not (or for no item). */
const settingsOf = (item: Partial<SettingsItem> | undefined): CollegeSettings => ({
  editWindowHours: item?.editWindowHours ?? DEFAULT_SETTINGS.editWindowHours,
  lateCounts: item?.lateCounts ?? DEFAULT_SETTINGS.lateCounts,
  excusedCounts: item?.excusedCounts ?? DEFAULT_SETTINGS.excusedCounts,
  threshold: item?.threshold ?? DEFAULT_SETTINGS.threshold,
  thresholdApplies: item?.thresholdApplies ?? DEFAULT_SETTINGS.thresholdApplies,
  markingPolicy: item?.markingPolicy ?? DEFAULT_SETTINGS.markingPolicy,
  markBackDays: item?.markBackDays ?? DEFAULT_SETTINGS.markBackDays,
  timeZone: item?.timeZone ?? DEFAULT_SETTINGS.timeZone,
  ...alertSettingsOf(item),
  ...loginSessionSettingsOf(item),
  ...leaveSettingsOf(item),
  ...checkInSettingsOf(item),
  ...privacySettingsOf(item),
});

async function getSettingsItem(): Promise<SettingsItem | undefined> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: keys.collegeSettings(), ConsistentRead: true }));
  return result.Item as SettingsItem | undefined;
}

/** The college's settings (one GetItem). */
export async function getSettings(): Promise<CollegeSettings> {
  return settingsOf(await getSettingsItem());
}

/**
 * Items by key and the college's settings in the same BatchGetItem: the reads that need the
 * rules too cost no extra request.
 */
export async function getWithSettings<T>(wanted: keys.Key[]): Promise<{ items: T[]; settings: CollegeSettings }> {
  const found = await batchGet<{ entity?: string }>([...wanted, keys.collegeSettings()]);
  const isSettings = (item: { entity?: string }) => item.entity === 'settings';
  return {
    items: found.filter((item) => !isSettings(item)) as T[],
    settings: settingsOf(found.find(isSettings) as SettingsItem | undefined),
  };
}

/**
 * Changes the settings the patch names. Read, merge, then put only if no one else saved in
 * between (the version): a concurrent change to another setting is kept, never overwritten.
 */
export async function updateSettings(patch: SettingsPatch, by: UserRef): Promise<CollegeSettings> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await getSettingsItem();
    const settings = { ...settingsOf(current), ...definedOnly(patch) };
    if (!alertsNeedName(settings)) throw new Invalid(ALERT_SETTINGS_MESSAGES.nameFirst);
    const version = (current?.version ?? 0) + 1;
    const item = {
      ...keys.collegeSettings(),
      entity: 'settings',
      ...settings,
      version,
      updatedBy: by,
      updatedAt: new Date().toISOString(),
    };
    // A transaction of one put: the change's audit entry goes with it (functions/lib/audit/scope.ts).
    const failed = await transact({
      settings: current?.version ? put(item, 'version = :read', { ':read': current.version }) : put(item, 'attribute_not_exists(version)'),
    });
    if (!failed) return settings;
  }
  throw new Conflict('The settings kept changing while saving them; please try again');
}

const definedOnly = (patch: SettingsPatch): Partial<CollegeSettings> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
