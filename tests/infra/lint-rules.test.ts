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

describe('lint: import boundaries', () => {
  it.each([
    ['web/src/features/admin/x.ts', "import { useMarking } from '@web/features/marking/api/marking';\nexport const a = useMarking;"],
    [
      'web/src/features/admin/components/x.ts',
      "import { HomePage } from '../../marking/components/home-page';\nexport const a = HomePage;",
    ],
    ['web/src/features/marking/x.ts', "export { LoginPage } from '@web/features/auth/components/login-page';"],
    ['shared/x.ts', "import { db } from '@functions/lib/db';\nexport const a = db;"],
    ['shared/schemas/x.ts', "import { router } from '../../web/src/app/router';\nexport const a = router;"],
    ['web/src/lib/x.ts', "import { db } from '@functions/lib/db';\nexport const a = db;"],
    ['web/src/lib/x.ts', "import { startLocalStack } from '@infra/local/local-stack';\nexport const a = startLocalStack;"],
    ['functions/x.ts', "import { SamsStack } from '../infra/sams-stack';\nexport const a = SamsStack;"],
  ])('refuses the import in %s', async (path, code) => {
    expect(await ruleIds(path, code)).toContain('sams/boundaries');
  });

  it.each([
    [
      'web/src/features/admin/x.ts',
      "import { useApi } from '@web/lib/use-api';\nimport { ROUTES } from '@shared/routes';\nexport const a = [useApi, ROUTES];",
    ],
    ['web/src/features/admin/components/x.ts', "import { useChain } from '../chain';\nexport const a = useChain;"],
    ['web/src/app/x.ts', "import { LoginPage } from '@web/features/auth/components/login-page';\nexport const a = LoginPage;"],
    ['functions/x.ts', "import { ROUTES } from '@shared/routes';\nexport const a = ROUTES;"],
    [
      'tests/functions/x.ts',
      "import { db } from '@functions/lib/db';\nimport { startLocalStack } from '@infra/local/local-stack';\nexport const a = [db, startLocalStack];",
    ],
  ])('allows the import in %s', async (path, code) => {
    expect(await ruleIds(path, code)).not.toContain('sams/boundaries');
  });
});

describe('lint: keys are spelled in functions/lib/keys.ts only', () => {
  it.each([
    ['functions/lib/repositories/x.ts', "export const key = (id: string) => ({ pk: `STU#${id}`, sk: 'STU' });"],
    ['functions/lib/repositories/x.ts', "export const prefix = 'ATT#';"],
    ['functions/lib/repositories/x.ts', 'export const gsi = (id: string) => `DIV#${id}#STU`;'],
    ['tests/functions/x.ts', "export const partition = 'COLLEGE';"],
  ])('refuses a key string in %s', async (path, code) => {
    expect(await ruleIds(path, code)).toContain('sams/keys-in-key-module');
  });

  it('allows key strings in the key module and ordinary strings elsewhere', async () => {
    expect(await ruleIds('functions/lib/keys.ts', "export const key = (id: string) => ({ pk: `STU#${id}`, sk: 'STU' });")).toEqual([]);
    expect(await ruleIds('functions/x.ts', "export const text = 'Student #3 is in Div 2'; export const c = '#fff';")).toEqual([]);
  });
});
