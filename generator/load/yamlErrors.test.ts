/**
 * @module
 * YAML syntax errors as diagnostics: the place to fix, one line per mistake, hints that say what
 * to do. (The end-to-end cases through the loader are in validate/validateDefinitions.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { parseYamlSource } from './yamlSource.ts';

const errorsOf = (text: string) => parseYamlSource('x.yaml', text).errors.map((d) => `${d.line}:${d.col} ${d.message}`);

describe('yamlDiagnostics', () => {
  it('names the unclosed bracket, past brackets in quotes and comments', () => {
    expect(errorsOf(`a:\n  b: "x { y" # z [\n  c: { d: [1, 2], e: 'f }'\ng: 1\n`)).toEqual([
      '4:1 Flow map in block collection must be sufficiently indented and end with a } (the { at line 3, column 6 is not closed)',
    ]);
  });

  it('lists at most five other lines indented with tabs', () => {
    const text = `a:\n${Array.from({ length: 8 }, (_, i) => `\tk${i}: 1`).join('\n')}\n`;
    expect(errorsOf(text)).toEqual(['2:1 Tabs are not allowed as indentation; indent with spaces (tabs also indent lines 3, 4, 5, 6, 7, …)']);
  });

  it('keeps an error before a structural one, and drops the structural ones after it', () => {
    const text = `a: 1\na: 2\nb:\n\tc: 1\n d: 2\n  e: 3\n`;
    expect(errorsOf(text)).toEqual(['2:1 Map keys must be unique', '4:1 Tabs are not allowed as indentation; indent with spaces']);
  });

  it('tells a key line missing its colon from an over-indented line, and points at the line to fix', () => {
    expect(errorsOf(`a:\n  b c\n  d: 1\n`)).toEqual(['2:3 Implicit keys need to be on a single line; this line is no `key: value` pair (is the `:` or the space after it missing?), so the key runs on into line 3']);
    expect(errorsOf(`a:\n  b: c\n   d: 1\n`)).toEqual(['3:4 Implicit keys need to be on a single line; this line is indented deeper than its neighbours, so it continues the value on line 2']);
  });

  it('points at the quote that is never closed, not at the end of the file, past apostrophes in plain text', () => {
    expect(errorsOf(`a: don't\nb: "x\nc: 1\n`)).toEqual(['2:4 Missing closing "quote: the string opened here is never closed']);
  });

  it('suggests a missing comma for a block collection inside a flow one', () => {
    expect(errorsOf(`a: { b: 1 c: 2 }\n`)).toEqual([expect.stringMatching(/^1:\d+ Block collections are not allowed within flow collections; is a comma missing between two entries of the \{ \} or \[ \]\?$/)]);
  });
});
