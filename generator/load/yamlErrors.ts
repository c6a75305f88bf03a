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
    const offset = placeOf(error, text);
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, col, code: 'E_YAML', message: messageOf(error, text, line, lineCounter) };
  });
}

/** Where the mistake is: past a line's indentation; for a key spanning lines, the line that continued it. */
function placeOf(error: YAMLError, text: string): number {
  let offset = error.pos[0];
  if (error.code === 'MULTILINE_IMPLICIT_KEY') {
    const newline = text.indexOf('\n', offset);
    if (newline >= 0 && newline < error.pos[1]) offset = newline + 1;
  }
  if (error.code === 'TAB_AS_INDENT') {
    const tab = text.indexOf('\t', offset);
    return tab >= 0 && !text.slice(offset, tab).includes('\n') ? tab : offset;
  }
  while (text[offset] === ' ') offset++;
  return offset;
}

function messageOf(error: YAMLError, text: string, line: number, lineCounter: LineCounter): string {
  const message = error.message.split('\n')[0];
  if (error.code === 'TAB_AS_INDENT') {
    const others = text
      .split('\n')
      .map((content, index) => ({ content, number: index + 1 }))
      .filter(({ content, number }) => number !== line && /^[ ]*\t/.test(content))
      .map(({ number }) => number);
    const listed = others.slice(0, TAB_LINES_SHOWN).join(', ') + (others.length > TAB_LINES_SHOWN ? ', …' : '');
    return `${message}; indent with spaces${others.length ? ` (tabs also indent line${others.length > 1 ? 's' : ''} ${listed})` : ''}`;
  }
  const flow = /^Flow (map|sequence)/.exec(message);
  if (flow) {
    const opened = unclosedBracket(text, error.pos[0], flow[1] === 'map' ? '{' : '[');
    if (opened !== null) {
      const at = lineCounter.linePos(opened);
      return `${message} (the ${flow[1] === 'map' ? '{' : '['} at line ${at.line}, column ${at.col} is not closed)`;
    }
  }
  if (error.code === 'MULTILINE_IMPLICIT_KEY' && line > 1) {
    const above = lineCounter.linePos(error.pos[0]).line;
    if (above < line) return `${message}; this line is indented deeper than its neighbours, so it continues the value on line ${above}`;
  }
  return message;
}

/**
 * The offset of the last `open` bracket before `end` that no bracket closes, skipping quoted
 * strings and comments, or null: where a flow collection that runs on began.
 */
function unclosedBracket(text: string, end: number, open: '{' | '['): number | null {
  const stack: { char: string; offset: number }[] = [];
  let quote: string | null = null;
  for (let i = 0; i < end; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\n' && quote === "'") quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) i = text.indexOf('\n', i) < 0 ? end : text.indexOf('\n', i) - 1;
    else if (c === '{' || c === '[') stack.push({ char: c, offset: i });
    else if ((c === '}' || c === ']') && stack.length) stack.pop();
  }
  const last = [...stack].reverse().find((s) => s.char === open);
  return last ? last.offset : null;
}
