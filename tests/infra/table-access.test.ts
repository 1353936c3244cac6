import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_ACTIONS, TABLE_ACCESS, TRANSACT_ITEM_ACTIONS, type TableAction } from '@infra/table-access';
import { RESOURCES, type Resource } from '@shared/routes';
import { commandsOfBundle, type BundleCommands } from './table-commands';

const SECRETS_COMMANDS = new Set(['GetSecretValueCommand']);
const bundles = new Map<Resource, BundleCommands>();

beforeAll(async () => {
  const found = await Promise.all(RESOURCES.map(async (resource) => [resource, await commandsOfBundle(resource)] as const));
  for (const [resource, commands] of found) bundles.set(resource, commands);
}, 120_000);

/** The table actions a bundle needs, from the commands it sends; unknown commands are reported, not guessed. */
function neededActions({ commands, transactItems }: BundleCommands): { actions: Set<TableAction>; unknown: string[] } {
  const actions = new Set<TableAction>();
  const unknown: string[] = [];
  for (const command of commands) {
    if (SECRETS_COMMANDS.has(command)) continue;
    const mapped = COMMAND_ACTIONS[command];
    if (!mapped) unknown.push(command);
    for (const action of mapped ?? []) actions.add(action);
    if (command === 'TransactWriteCommand') for (const item of transactItems) actions.add(TRANSACT_ITEM_ACTIONS[item]!);
  }
  return { actions, unknown };
}

describe('table access (infra/table-access.ts)', () => {
  it.each(RESOURCES)('grants %s every table action its bundle can send', (resource) => {
    const { actions, unknown } = neededActions(bundles.get(resource)!);
    expect(unknown, `commands with no entry in COMMAND_ACTIONS (infra/table-access.ts)`).toEqual([]);
    const missing = [...actions].filter((action) => !TABLE_ACCESS[resource].actions.includes(action));
    expect(missing, `add to TABLE_ACCESS.${resource} in infra/table-access.ts`).toEqual([]);
  });

  it.each(RESOURCES)('grants %s no table action its bundle never sends', (resource) => {
    const { actions } = neededActions(bundles.get(resource)!);
    const unused = TABLE_ACCESS[resource].actions.filter((action) => !actions.has(action));
    expect(unused, `remove from TABLE_ACCESS.${resource} in infra/table-access.ts`).toEqual([]);
  });

  it.each(RESOURCES)('lets %s query the index exactly when its bundle does', (resource) => {
    expect(TABLE_ACCESS[resource].queriesIndex).toBe(bundles.get(resource)!.queriesIndex);
  });

  it('sees through tree shaking: a bundle only counts the code its handler can reach', () => {
    // structure.ts also deletes in batches (a cascade's children), but no term route does.
    const term = neededActions(bundles.get('term')!).actions;
    expect(term.has('GetItem') && term.has('PutItem')).toBe(true);
    expect(term.has('BatchWriteItem')).toBe(false);
  });

  it('finds every function reading the JWT secret, and nothing else from Secrets Manager', () => {
    for (const resource of RESOURCES) {
      const { commands } = bundles.get(resource)!;
      expect(commands.has('GetSecretValueCommand'), resource).toBe(true);
      expect(
        [...commands].filter((command) => !(command in COMMAND_ACTIONS) && !SECRETS_COMMANDS.has(command)),
        resource,
      ).toEqual([]);
    }
  });
});
