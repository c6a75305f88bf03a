/**
 * @module
 * Which fields of an object templates are given (objectView.ts): the ones a template's text names,
 * not its whole API form. Reading, rendering and handing 48 interfaces of 58 fields each to the
 * rendering thread cost more than the render itself; a configuration template names a handful.
 *
 * The rule, over the text of the template and every template it includes, imports or extends:
 * - A field of an object (the rendered `device`/`virtualmachine`, the objects of its related
 *   managers, an export template's `queryset`) is given when its name, or a former name of it
 *   (LEGACY_FIELD_NAMES), occurs in the text as a word: as an attribute (`iface.description`), a
 *   literal subscript (`iface['description']`), a literal argument (`attr('mtu')`,
 *   `map(attribute='name')`, `selectattr('enabled')`, `sort(attribute='site.name')`), anywhere.
 *   `id` is always given. A field given is whole, as the API shows it: its nested objects and dicts
 *   (`site`, `custom_fields`, `local_context_data`) are not cut down.
 * - Every field is given (the full form, as before) when the template may reach a field by a name it
 *   computes, or look at an object as a whole: inside `{{ … }}` and `{% … %}`, a subscript that is
 *   not a string or number literal or a slice of literals (`iface[key]`, `x[a ~ b]`, `x[:n]`); `attr`,
 *   `selectattr`, `rejectattr`, `groupby`, `.get` with a first argument that is not a literal;
 *   `attribute=` with a value that is not one; `map`, `select`, `reject` with a computed filter or
 *   test name; `.items()`, `.keys()`, `.values()`; the filters `items`, `dictsort`, `tojson`,
 *   `pprint`, `urlencode` (also named as a string, `map('tojson')`).
 * - Not detected: printing or iterating an object itself (`{{ device }}`, `device | list`,
 *   `for k in device`, `k in device`, `device | length`), or ordering objects by themselves
 *   (`| sort`, `min`, `max` without `attribute`), which then see only the fields named. In NetBox
 *   these are a model instance's, not a dict's: it prints as its name, cannot be iterated and has
 *   no order, so no NetBox template relies on them. Equality is kept: `id` is always given.
 * Words are taken from the whole text (comments and plain text too: a field given needlessly costs
 * a little, one missing would be wrong); computed access only inside the tags, where code is.
 */
import { legacyField, type Resource } from '../../../contract/index.ts';

/** What a set of template texts asks of objects: the words they contain, and whether they may reach fields by computed names. */
export interface FieldChoice {
  words: ReadonlySet<string>;
  /** Why every field is given (the first computed access found), or null when only named ones are. */
  dynamic: string | null;
}

const LITERAL = String.raw`(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")`;
const NUMBER = String.raw`-?\d+`;
/** A subscript's content that names a fixed key: a string, a number, or a slice of numbers. */
const FIXED_SUBSCRIPT = new RegExp(String.raw`^\s*(?:${LITERAL}|${NUMBER}|(?:${NUMBER})?\s*:\s*(?:${NUMBER})?(?:\s*:\s*(?:${NUMBER})?)?)\s*\]`);
/** A call's first argument when it is a literal (optionally `attribute=`), followed by the next argument or the end. */
const LITERAL_ARGUMENT = new RegExp(String.raw`^\s*(?:attribute\s*=\s*)?${LITERAL}\s*[,)]`);
/** What follows `attribute=` when it is a literal. */
const LITERAL_VALUE = new RegExp(String.raw`^\s*${LITERAL}\s*[,)]`);

/** Words before `[` that start a list literal, not a subscript (`for x in [a, b]`). */
const KEYWORDS = new Set(['in', 'and', 'or', 'not', 'is', 'if', 'else', 'elif', 'set', 'return', 'with']);

/** The ways of seeing an object as a whole (its keys, or all its values at once). */
const WHOLE = [
  { pattern: /\.\s*(items|keys|values)\s*\(/, why: (m: RegExpExecArray) => `.${m[1]}()` },
  { pattern: /\|\s*(items|dictsort|tojson|pprint|urlencode)\b/, why: (m: RegExpExecArray) => `the filter ${m[1]}` },
  { pattern: /['"](items|dictsort|tojson|pprint|urlencode)['"]/, why: (m: RegExpExecArray) => `the filter ${m[1]} named as a string` },
];

/** Calls whose first argument is an attribute name (or, for map/select/reject, a filter or test name). */
const NAMING_CALL = /\b(attr|selectattr|rejectattr|groupby|get|map|select|reject)\s*\(/g;

/**
 * The code of a template: the text inside its `{{ … }}` and `{% … %}` tags, with string literals
 * kept whole (a `}}` inside a string does not end the tag); comments and plain text left out.
 */
export function codeOf(source: string): string[] {
  const parts: string[] = [];
  let at = 0;
  while (at < source.length) {
    const open = source.slice(at).search(/\{[{%#]/);
    if (open < 0) break;
    const start = at + open;
    const kind = source[start + 1];
    if (kind === '#') {
      const end = source.indexOf('#}', start + 2);
      at = end < 0 ? source.length : end + 2;
      continue;
    }
    const close = kind === '{' ? '}}' : '%}';
    let i = start + 2;
    let quote: string | null = null;
    for (; i < source.length; i++) {
      const ch = source[i];
      if (quote) {
        if (ch === '\\') i++;
        else if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (source.startsWith(close, i)) break;
    }
    parts.push(source.slice(start + 2, i));
    at = i + 2;
  }
  return parts;
}

/** `code` with each string literal's content blanked (`'a[b]'` → `'xxxx'`), so that brackets and words inside strings are not taken for code. */
const masked = (code: string) => code.replace(new RegExp(LITERAL, 'g'), (literal) => `${literal[0]}${'x'.repeat(literal.length - 2)}${literal[0]}`);

/** The first computed access of `source` (one tag's content), or null. */
function computedAccess(source: string): string | null {
  for (const { pattern, why } of WHOLE) {
    const m = pattern.exec(source);
    if (m) return why(m);
  }
  const code = masked(source);
  for (const m of code.matchAll(/(\w+|\)|\])\s*\[/g)) {
    if (KEYWORDS.has(m[1])) continue;
    if (!FIXED_SUBSCRIPT.test(code.slice(m.index + m[0].length))) return `a computed subscript (${code.slice(m.index, m.index + m[0].length + 12).trim()}…)`;
  }
  for (const m of code.matchAll(NAMING_CALL)) {
    const rest = code.slice(m.index + m[0].length);
    // map(attribute=…), select(), reject() with no argument or keyword arguments only are checked below.
    if (/^\s*\)/.test(rest) || (['map', 'select', 'reject'].includes(m[1]) && /^\s*\w+\s*=/.test(rest))) continue;
    if (!LITERAL_ARGUMENT.test(rest)) return `${m[1]}() with a computed name`;
  }
  for (const m of code.matchAll(/\battribute\s*=/g)) {
    if (!LITERAL_VALUE.test(code.slice(m.index + m[0].length))) return 'attribute= with a computed name';
  }
  return null;
}

/** What `sources` (a template and the ones it reaches) ask of the objects they are given. */
export function fieldChoice(sources: readonly string[]): FieldChoice {
  const words = new Set<string>();
  let dynamic: string | null = null;
  for (const source of sources) {
    for (const word of source.match(/\w+/g) ?? []) words.add(word);
    if (dynamic === null) {
      for (const code of codeOf(source)) {
        dynamic = computedAccess(code);
        if (dynamic !== null) break;
      }
    }
  }
  return { words, dynamic };
}

/**
 * The `?fields=` that shows what `choice` asks of `resource` (with `id` and `always`), or no
 * parameter at all (the full form) when the templates may reach any field.
 */
export function fieldsQuery(resource: Resource, choice: FieldChoice, always: readonly string[] = []): URLSearchParams {
  if (choice.dynamic !== null) return new URLSearchParams();
  const wanted = new Set(['id', ...always]);
  for (const field of resource.fields) if (choice.words.has(field.name)) wanted.add(field.name);
  for (const [old, current] of Object.entries(resource.legacyNames ?? {})) if (choice.words.has(old)) wanted.add(legacyField(current));
  return new URLSearchParams({ fields: [...wanted].join(',') });
}
