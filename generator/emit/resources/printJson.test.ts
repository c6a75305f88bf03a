import { describe, expect, it } from 'vitest';
import { LINES, printJson, type JsonLayout } from './printJson.ts';

describe('printJson', () => {
  const value = { name: 'x', items: [{ a: 1 }, 'ref', { b: [2, 3] }], map: { k: { deep: true }, gone: undefined }, empty: [], none: {} };

  it('breaks the lists and maps the layout names one entry per line, and writes the rest inline', () => {
    const layout: JsonLayout = { keys: { items: LINES, map: LINES, empty: LINES, none: LINES } };
    expect(printJson(value, layout)).toBe(
      [
        '{',
        '  "name": "x",',
        '  "items": [',
        '    {"a":1},',
        '    "ref",',
        '    {"b":[2,3]}',
        '  ],',
        '  "map": {',
        '    "k": {"deep":true}',
        '  },',
        '  "empty": [],',
        '  "none": {}',
        '}',
      ].join('\n'),
    );
  });

  it('nests layouts by key and by entry', () => {
    const layout: JsonLayout = { keys: { rows: { each: { keys: { cells: LINES } } } } };
    expect(printJson({ rows: [{ id: 1, cells: [[1, 'a'], [2, 'b']] }] }, layout)).toBe(
      ['{', '  "rows": [', '    {', '      "id": 1,', '      "cells": [', '        [1,"a"],', '        [2,"b"]', '      ]', '    }', '  ]', '}'].join('\n'),
    );
  });

  it('parses to what JSON.stringify gives, whatever the layout', () => {
    const tricky = { s: 'line\nbreak "quoted" \\ \u2028', n: [1.5, -0, null, undefined], o: { u: undefined, z: 0 } };
    for (const layout of ['inline', LINES, { each: LINES }] as JsonLayout[]) {
      expect(JSON.parse(printJson(tricky, layout))).toEqual(JSON.parse(JSON.stringify(tricky)));
    }
    expect(printJson(tricky, 'inline')).toBe(JSON.stringify(tricky));
  });
});
