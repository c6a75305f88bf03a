/**
 * @module
 * Splits migration SQL into statements with the line and column each starts at, so a replay
 * failure can point into the file. One pass over the text: a `;` ends a statement unless it is
 * inside a string, a quoted identifier, a dollar-quoted body or a comment. drizzle-kit's
 * `--> statement-breakpoint` lines are comments, so generated and hand-written files split alike.
 * Comments are left out of the statement text.
 */

export interface PositionedStatement {
  /** The statement without comments and without its `;`, whitespace as written. */
  text: string;
  line: number;
  col: number;
}

export function positionedStatements(sql: string): PositionedStatement[] {
  const out: PositionedStatement[] = [];
  let text = '';
  let start: { line: number; col: number } | null = null;
  let line = 1;
  let col = 1;
  let i = 0;
  const advance = (n: number, keep: boolean) => {
    for (let k = 0; k < n && i < sql.length; k++, i++) {
      const ch = sql[i];
      if (keep) text += ch;
      if (ch === '\n') {
        line++;
        col = 1;
      } else col++;
    }
  };
  const finish = () => {
    if (start && text.trim()) out.push({ text: text.trim(), ...start });
    text = '';
    start = null;
  };
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      advance((end < 0 ? sql.length : end) - i, false);
      continue;
    }
    if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      advance((end < 0 ? sql.length : end + 2) - i, false);
      text += ' ';
      continue;
    }
    if (ch === ';') {
      advance(1, false);
      finish();
      continue;
    }
    if (!start && !/\s/.test(ch)) start = { line, col };
    if (ch === "'" || ch === '"') {
      // '' and "" inside are escapes: scanning to the next quote twice covers them.
      const end = sql.indexOf(ch, i + 1);
      advance((end < 0 ? sql.length : end + 1) - i, true);
      continue;
    }
    const dollar = ch === '$' ? /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 64)) : null;
    if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length);
      advance((end < 0 ? sql.length : end + dollar[0].length) - i, true);
      continue;
    }
    advance(1, true);
  }
  finish();
  return out;
}
