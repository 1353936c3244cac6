import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The project's own lint rules (eslint.config.js turns them on; tests/infra/lint-rules.test.ts
 * shows each one failing):
 *   sams/boundaries          shared/ imports nothing of the sides; web/ nothing of functions/ or
 *                            infra/; functions/ nothing of infra/ or web/; one feature of the web
 *                            app nothing of another.
 *   sams/keys-in-key-module  no key string (`STU#…`, `DIV#…#STU`, `COLLEGE`…) outside
 *                            functions/lib/keys.ts.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ALIASES = { '@shared/': 'shared/', '@functions/': 'functions/', '@infra/': 'infra/', '@web/': 'web/src/', '@tests/': 'tests/' };

/** The repository path an import points at ('web/src/features/admin/chain'), or null for a package. */
function target(source, filename) {
  for (const [alias, dir] of Object.entries(ALIASES)) if (source.startsWith(alias)) return dir + source.slice(alias.length);
  if (source.startsWith('.'))
    return relative(ROOT, resolve(dirname(filename), source))
      .split('\\')
      .join('/');
  return null;
}

const area = (path) => (path.startsWith('web/') ? 'web' : path.split('/')[0]);
const feature = (path) => /^web\/src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

/** What `from` may not import, as [area, why] pairs. */
const FORBIDDEN = {
  shared: {
    functions: 'shared/ imports nothing of functions/',
    web: 'shared/ imports nothing of web/',
    infra: 'shared/ imports nothing of infra/',
  },
  web: { functions: 'web/ imports nothing of functions/', infra: 'web/ imports nothing of infra/' },
  functions: { infra: 'handlers import nothing of infra/', web: 'handlers import nothing of web/' },
};

function boundaryError(fromPath, toPath) {
  const why = FORBIDDEN[area(fromPath)]?.[area(toPath)];
  if (why) return why;
  const [from, to] = [feature(fromPath), feature(toPath)];
  if (from && to && from !== to)
    return `features import nothing from each other (${from} → ${to}): move what both need to web/src/lib or web/src/components`;
  return null;
}

const boundaries = {
  meta: { type: 'problem', schema: [], docs: { description: 'Import boundaries between the parts of SAMS' } },
  create(context) {
    const fromPath = relative(ROOT, context.filename).split('\\').join('/');
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const toPath = target(node.source.value, context.filename);
      const why = toPath && boundaryError(fromPath, toPath);
      if (why) context.report({ node: node.source, message: `Import not allowed: ${why}.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** A key string: 'STU#…', '…#STU', or a bare partition/sort key the table uses. */
const KEY_STRING = /^[A-Z][A-Z0-9_]*#|^(COLLEGE|USERS|PROFILE|ENROLL|EMAIL|LOGINFAIL|STU|TERM|SEM|DIV|BATCH|COURSE|SLOT)$/;
const KEY_PART = /^[A-Z][A-Z0-9_]*#|#[A-Z][A-Z0-9_]*(#|$)/;
const KEY_MODULE = 'functions/lib/keys.ts';

const keysInKeyModule = {
  meta: { type: 'problem', schema: [], docs: { description: 'DynamoDB keys are spelled only in functions/lib/keys.ts' } },
  create(context) {
    if (relative(ROOT, context.filename).split('\\').join('/') === KEY_MODULE) return {};
    const report = (node) => context.report({ node, message: `Key string outside ${KEY_MODULE}: build keys with its functions.` });
    return {
      Literal(node) {
        if (typeof node.value === 'string' && KEY_STRING.test(node.value)) report(node);
      },
      TemplateElement(node) {
        if (KEY_PART.test(node.value.raw)) report(node);
      },
    };
  },
};

export const samsRules = { rules: { boundaries, 'keys-in-key-module': keysInKeyModule } };
