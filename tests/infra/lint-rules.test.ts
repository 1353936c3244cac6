import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph } from '../lint/import-cycles';

/*
 * The lint rules, run over small pieces of code as if they sat at the given path: each import
 * boundary (import-x/no-restricted-paths), import cycles (import-x/no-cycle, and type-only ones:
 * tests/lint/import-cycles.ts) and the key-module rule fail where they should and stay quiet where
 * they should.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

/** A file at `from` importing `source` (an existing module: the rule resolves it, aliases included): whether the boundaries refuse it. */
const IMPORTS: [from: string, source: string, refused: boolean][] = [
  ['web/src/features/admin/x.ts', '@web/features/marking/flow', true],
  ['web/src/features/admin/components/x.ts', '../../marking/components/home-page', true],
  ['shared/x.ts', '@functions/lib/db', true],
  ['shared/schemas/x.ts', '../../web/src/app/router', true],
  ['shared/x.ts', '@infra/sams-stack', true],
  ['web/src/lib/x.ts', '@functions/lib/db', true],
  ['web/src/lib/x.ts', '@infra/local/local-stack', true],
  ['functions/x.ts', '../infra/sams-stack', true],
  ['functions/lib/x.ts', '@web/lib/use-api', true],
  ['web/src/features/admin/x.ts', '@web/lib/use-api', false],
  ['web/src/features/admin/x.ts', '@shared/routes', false],
  ['web/src/features/admin/components/x.ts', '../chain', false],
  ['web/src/app/x.ts', '@web/features/auth/components/login-page', false],
  ['functions/x.ts', '@shared/routes', false],
  ['tests/functions/x.ts', '@infra/local/local-stack', false],
  ['infra/x.ts', '@functions/lib/db', false],
];
const BOUNDARIES = 'import-x/no-restricted-paths';

describe('lint: import boundaries', () => {
  it.each(IMPORTS)('%s importing %s: refused %s', async (from, source, refused) => {
    const rules = await ruleIds(from, `import * as m from '${source}';\nexport const a = m;`);
    expect(rules.includes(BOUNDARIES)).toBe(refused);
  });

  it.each([
    ['a re-export', 'web/src/features/marking/x.ts', "export { LoginPage } from '@web/features/auth/components/login-page';"],
    ['a type-only import', 'shared/x.ts', "import type { Key } from '@functions/lib/keys';\nexport type K = Key;"],
    ['a dynamic import', 'web/src/lib/x.ts', "export const load = () => import('@functions/lib/db');"],
  ])('refuses %s across a boundary too', async (_, file, code) => {
    expect(await ruleIds(file, code)).toContain(BOUNDARIES);
  });
});

describe('lint: route schemas as types only', () => {
  const RULE = '@typescript-eslint/no-restricted-imports';
  it.each([
    ['functions/x.ts', "import { API_SCHEMAS } from '@shared/api-schemas';\nexport const a = API_SCHEMAS;", true],
    ['web/src/lib/x.ts', "import { termShape } from '@shared/answers/structure';\nexport const a = termShape;", true],
    ['functions/x.ts', "import type { API_SCHEMAS } from '@shared/api-schemas';\nexport type A = typeof API_SCHEMAS;", false],
    ['tests/support/x.ts', "import { API_SCHEMAS } from '@shared/api-schemas';\nexport const a = API_SCHEMAS;", false],
  ])('%s: %s refused %s', async (file, code, refused) => {
    expect((await ruleIds(file, code)).includes(RULE)).toBe(refused);
  });
});

describe('lint: import cycles', () => {
  it('refuses an import that closes a cycle (entities/structure-node.ts imports natural-key.ts)', async () => {
    const code =
      "import { termsOfCollege } from './entities/structure-node';\nexport const terms = termsOfCollege;\nexport const naturalKey = (name: string) => name;";
    expect(await ruleIds('functions/lib/natural-key.ts', code)).toContain('import-x/no-cycle');
    expect(await ruleIds('functions/lib/x.ts', code)).not.toContain('import-x/no-cycle');
  });

  it('finds a cycle however its imports are written, type-only included', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('the project has none, type-only imports counted', () => {
    const graph = importGraph(process.cwd());
    // The graph sees aliases and type-only imports: resource.ts imports its types with `import type`.
    expect(graph.get('functions/lib/http/resource.ts')).toEqual(
      expect.arrayContaining(['shared/routes.ts', 'functions/lib/http/types.ts']),
    );
    expect(cyclesOf(graph).map((cycle) => cycle.join(' ↔ '))).toEqual([]);
  });
});

describe('lint: keys are spelled in functions/lib/keys.ts and the entity modules only', () => {
  it.each([
    { file: 'functions/lib/repositories/x.ts', code: "export const key = (id: string) => ({ pk: `STU#${id}`, sk: 'STU' });" },
    { file: 'functions/lib/repositories/x.ts', code: "export const prefix = 'ATT#';" },
    { file: 'functions/lib/repositories/x.ts', code: 'export const gsi = (id: string) => `DIV#${id}#STU`;' },
    { file: 'tests/functions/x.ts', code: "export const partition = 'COLLEGE';" },
    { file: 'functions/lib/entities/nested/x.ts', code: "export const prefix = 'ATT#';" },
  ])('refuses a key string in $file: $code', async ({ file, code }) => {
    expect(await ruleIds(file, code)).toContain('sams/keys-in-key-module');
  });

  it('allows key strings in the key module and the entity modules, and ordinary strings elsewhere', async () => {
    expect(await ruleIds('functions/lib/keys.ts', "export const key = (id: string) => ({ pk: `STU#${id}`, sk: 'STU' });")).toEqual([]);
    expect(await ruleIds('functions/lib/entities/class-session.ts', "export const prefix = 'ATT#';")).toEqual([]);
    expect(await ruleIds('functions/x.ts', "export const text = 'Student #3 is in Div 2'; export const c = '#fff';")).toEqual([]);
  });
});
