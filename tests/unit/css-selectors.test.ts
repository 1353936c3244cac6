import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SRC = join(import.meta.dirname, '..', '..', 'web', 'src');

const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(join(dir, entry.name)) : entry.name.endsWith('.css') ? [join(dir, entry.name)] : [],
  );

describe("the web app's style sheets", () => {
  // A :has() rule on <html> or <body> is matched again on every change anywhere in the page: on the faculty
  // Home it cost about 1.2 s of style and layout under Lighthouse's 4× slowdown (docs/decisions.md).
  it('put no :has() on <html> or <body>: a class set by the component does the same', () => {
    const files = cssFiles(WEB_SRC);
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .matchAll(/(?:^|[\s,}])((?::root|html|body)[\w.[\]='"-]*:has\()/gm),
      ].map((match) => `${file.slice(WEB_SRC.length + 1)}: ${match[1]}`),
    );
    expect(found).toEqual([]);
  });
});
