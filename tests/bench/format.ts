/** A markdown table. */
export const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/** 1 KB = 1000 bytes, as the budget tests count. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
