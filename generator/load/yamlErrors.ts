/**
 * @module
 * Turns the `yaml` package's syntax errors into diagnostics a person can act on: one per mistake,
 * at the place to fix. The parser reports the start of a badly indented line (column 1) and, after
 * a structural error (a tab, a wrong indentation, an unclosed `{`), keeps parsing with a wrong idea
 * of the nesting, so every later line yields another error with the same cause: a tab once gave
 * eight. Here an error points at the line's first character, a multi-line key at the line that
 * broke it, only the first structural error of a file is kept, and a tab error says what to do.
 */
import type { LineCounter, YAMLError } from 'yaml';
import type { Diagnostic } from '../diagnostics.ts';

/**
 * Errors about one node that leave the parser's view of the nesting intact: each is a mistake of
 * its own, so all are kept. Every other code is structural and may cascade.
 */
const LOCAL_CODES = new Set(['DUPLICATE_KEY', 'BAD_DQ_ESCAPE', 'KEY_OVER_1024_CHARS', 'TAG_RESOLVE_FAILED', 'BAD_ALIAS', 'MULTIPLE_ANCHORS', 'MULTIPLE_TAGS', 'BAD_PROP_ORDER', 'NON_STRING_KEY']);

/**
 * Of two structural errors at one place, the one naming the cause: an over-indented line makes
 * the key above it span two lines (MULTILINE_IMPLICIT_KEY), which also reads as a mapping nested
 * in a one-line one (BLOCK_AS_IMPLICIT_KEY).
 */
const PREFERRED = ['TAB_AS_INDENT', 'MULTILINE_IMPLICIT_KEY', 'BAD_INDENT'];
const rank = (code: string) => (PREFERRED.includes(code) ? PREFERRED.indexOf(code) : PREFERRED.length);

/** How many lines whose indentation holds a tab are listed in the hint. */
const TAB_LINES_SHOWN = 5;

export function yamlDiagnostics(file: string, text: string, errors: readonly YAMLError[], lineCounter: LineCounter): Diagnostic[] {
  const sorted = [...errors].sort((a, b) => a.pos[0] - b.pos[0] || rank(a.code) - rank(b.code));
  const structural = sorted.find((e) => !LOCAL_CODES.has(e.code));
  const kept = sorted.filter((e) => e === structural || LOCAL_CODES.has(e.code));
  return kept.map((error) => {
    const { offset, message } = explain(error, text, lineCounter);
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, col, code: 'E_YAML', message };
  });
}

/** Where to fix the error (past a line's indentation, at the tab, at the line to change) and what to say. */
function explain(error: YAMLError, text: string, lineCounter: LineCounter): { offset: number; message: string } {
  const message = error.message.split('\n')[0];
  const at = (offset: number) => lineCounter.linePos(offset);
  const start = error.pos[0];
  if (error.code === 'TAB_AS_INDENT') {
    const tab = text.indexOf('\t', start);
    const offset = tab >= 0 && !text.slice(start, tab).includes('\n') ? tab : start;
    const line = at(offset).line;
    const others = text
      .split('\n')
      .map((content, index) => ({ content, number: index + 1 }))
      .filter(({ content, number }) => number !== line && /^[ ]*\t/.test(content))
      .map(({ number }) => number);
    const listed = others.slice(0, TAB_LINES_SHOWN).join(', ') + (others.length > TAB_LINES_SHOWN ? ', …' : '');
    return { offset, message: `${message}; indent with spaces${others.length ? ` (tabs also indent line${others.length > 1 ? 's' : ''} ${listed})` : ''}` };
  }
  if (error.code === 'MULTILINE_IMPLICIT_KEY') {
    // A key ran over two lines: either the second is indented too deep (it continues the first
    // line's value), or the first is no `key: value` pair at all (`model Shelf`, `model:Shelf`).
    const newline = text.indexOf('\n', start);
    if (newline >= 0 && newline < error.pos[1]) {
      const next = pastSpaces(text, newline + 1);
      const above = at(start).line;
      if (at(next).col > at(pastSpaces(text, lineStart(text, start))).col) return { offset: next, message: `${message}; this line is indented deeper than its neighbours, so it continues the value on line ${above}` };
      return { offset: pastSpaces(text, start), message: `${message}; this line is no \`key: value\` pair (is the \`:\` or the space after it missing?), so the key runs on into line ${above + 1}` };
    }
  }
  const flow = /^Flow (map|sequence)/.exec(message);
  const open = scan(text, start);
  if (flow) {
    const bracket = [...open.brackets].reverse().find((b) => b.char === (flow[1] === 'map' ? '{' : '['));
    if (bracket) return { offset: pastSpaces(text, start), message: `${message} (the ${bracket.char} at line ${at(bracket.offset).line}, column ${at(bracket.offset).col} is not closed)` };
  }
  if (error.code === 'MISSING_CHAR' && open.quote) {
    return { offset: open.quote.offset, message: `${message}: the string opened here is never closed` };
  }
  if (error.code === 'BLOCK_IN_FLOW') return { offset: pastSpaces(text, start), message: `${message}; is a comma missing between two entries of the { } or [ ]?` };
  return { offset: pastSpaces(text, start), message };
}

const pastSpaces = (text: string, offset: number) => {
  while (text[offset] === ' ') offset++;
  return offset;
};
const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;

/**
 * The flow brackets no bracket closes before `end`, and the quote still open there, skipping
 * comments and quoted text: where a collection or a string that runs on began. A quote opens a
 * scalar only where a value may start (after `: `, `- `, `[`, `{`, `,` or at a line's start), so
 * the apostrophe of `don't` is no quote.
 */
function scan(text: string, end: number): { brackets: { char: string; offset: number }[]; quote: { char: string; offset: number } | null } {
  const brackets: { char: string; offset: number }[] = [];
  let quote: { char: string; offset: number } | null = null;
  for (let i = 0; i < end; i++) {
    const c = text[i];
    if (quote) {
      if (quote.char === '"' && c === '\\') i++;
      else if (c === quote.char && quote.char === "'" && text[i + 1] === "'") i++;
      else if (c === quote.char) quote = null;
      continue;
    }
    const before = text.slice(lineStart(text, i), i).trimEnd();
    if ((c === '"' || c === "'") && (before === '' || /[:\-[{,]$/.test(before))) quote = { char: c, offset: i };
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? end : eol - 1;
    } else if (c === '{' || c === '[') brackets.push({ char: c, offset: i });
    else if ((c === '}' || c === ']') && brackets.length) brackets.pop();
  }
  return { brackets, quote };
}
