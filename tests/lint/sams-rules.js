import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The project's own lint rule, for what no plugin checks (eslint.config.js turns it on;
 * tests/infra/lint-rules.test.ts shows it failing):
 *   sams/keys-in-key-module  no key string (`STU#…`, `DIV#…#STU`, `COLLEGE`…) outside
 *                            functions/lib/keys.ts and the entity modules (functions/lib/entities/),
 *                            each of which spells its own entity's keys.
 * Who may import whom is import-x/no-restricted-paths, configured in eslint.config.js.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A key string: 'STU#…', '…#STU', or a bare partition/sort key the table uses. */
const KEY_STRING = /^[A-Z][A-Z0-9_]*#|^(COLLEGE|USERS|PROFILE|ENROLL|EMAIL|LOGINFAIL|STU|TERM|SEM|DIV|BATCH|COURSE|SLOT)$/;
const KEY_PART = /^[A-Z][A-Z0-9_]*#|#[A-Z][A-Z0-9_]*(#|$)/;
const KEY_MODULE = 'functions/lib/keys.ts';
const ENTITY_MODULE = /^functions\/lib\/entities\/[\w-]+\.ts$/;

const keysInKeyModule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'DynamoDB keys are spelled only in functions/lib/keys.ts and functions/lib/entities/' },
  },
  create(context) {
    const file = relative(ROOT, context.filename).split('\\').join('/');
    if (file === KEY_MODULE || ENTITY_MODULE.test(file)) return {};
    const report = (node) =>
      context.report({ node, message: `Key string outside ${KEY_MODULE} and the entity modules: build keys with their functions.` });
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

export const samsRules = { rules: { 'keys-in-key-module': keysInKeyModule } };
