import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The project's own lint rules, run over small pieces of code as if they sat at the given path:
 * each boundary and the key-module rule fail where they should and stay quiet where they should.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

/** A file at `from` importing `source`: whether sams/boundaries refuses it. */
const IMPORTS: [from: string, source: string, refused: boolean][] = [
  ['web/src/features/admin/x.ts', '@web/features/marking/flow', true],
  ['web/src/features/admin/components/x.ts', '../../marking/components/home-page', true],
  ['shared/x.ts', '@functions/lib/db', true],
  ['shared/schemas/x.ts', '../../web/src/app/router', true],
  ['web/src/lib/x.ts', '@functions/lib/db', true],
  ['web/src/lib/x.ts', '@infra/local/local-stack', true],
  ['functions/x.ts', '../infra/sams-stack', true],
  ['web/src/features/admin/x.ts', '@web/lib/use-api', false],
  ['web/src/features/admin/x.ts', '@shared/routes', false],
  ['web/src/features/admin/components/x.ts', '../chain', false],
  ['web/src/app/x.ts', '@web/features/auth/components/login-page', false],
  ['functions/x.ts', '@shared/routes', false],
  ['tests/functions/x.ts', '@infra/local/local-stack', false],
];

describe('lint: import boundaries', () => {
  it.each(IMPORTS)('%s importing %s: refused %s', async (from, source, refused) => {
    const rules = await ruleIds(from, `import * as m from '${source}';\nexport const a = m;`);
    expect(rules.includes('sams/boundaries')).toBe(refused);
  });

  it('refuses a re-export across features too', async () => {
    const rules = await ruleIds('web/src/features/marking/x.ts', "export { LoginPage } from '@web/features/auth/components/login-page';");
    expect(rules).toContain('sams/boundaries');
  });
});

describe('lint: keys are spelled in functions/lib/keys.ts only', () => {
  it.each([
    { file: 'functions/lib/repositories/x.ts', code: "export const key = (id: string) => ({ pk: `STU#${id}`, sk: 'STU' });" },
    { file: 'functions/lib/repositories/x.ts', code: "export const prefix = 'ATT#';" },
    { file: 'functions/lib/repositories/x.ts', code: 'export const gsi = (id: string) => `DIV#${id}#STU`;' },
    { file: 'tests/functions/x.ts', code: "export const partition = 'COLLEGE';" },
  ])('refuses a key string in $file: $code', async ({ file, code }) => {
    expect(await ruleIds(file, code)).toContain('sams/keys-in-key-module');
  });

  it('allows key strings in the key module and ordinary strings elsewhere', async () => {
    expect(await ruleIds('functions/lib/keys.ts', "export const key = (id: string) => ({ pk: `STU#${id}`, sk: 'STU' });")).toEqual([]);
    expect(await ruleIds('functions/x.ts', "export const text = 'Student #3 is in Div 2'; export const c = '#fff';")).toEqual([]);
  });
});
