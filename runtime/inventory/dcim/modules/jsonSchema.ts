/**
 * @module
 * Validating a module type's attributes against its profile's JSON schema as NetBox's
 * ModuleType.clean() does with `jsonschema.validate()` (jsonschema 4.26, Draft 2020-12): the
 * error chosen is jsonschema's `best_match` (the shallowest in the instance, then the last of
 * siblings, then one that does not concern the instance's own type), and it reads as `str()` of
 * jsonschema's ValidationError — the message, the keyword with the schema holding it and the
 * instance part that failed, both pretty-printed as Python's `pprint.pformat(width=72)` shows
 * them, values as Python writes them (`'x'`, `True`, `None`).
 *
 * The keywords checked are those of NetBox's JSONSchemaProperty (type, enum, minLength,
 * maxLength, pattern, minimum, maximum, multipleOf, items) with those a profile's object needs
 * (properties, required, additionalProperties) and a few more of the same kind (const,
 * exclusiveMinimum, exclusiveMaximum, minItems, maxItems, uniqueItems, minProperties,
 * maxProperties); `format` is not asserted, as jsonschema does not without a format checker.
 * Other keywords (`$ref`, `allOf`, `anyOf`, `if`, …) are not checked.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json } | boolean;

interface SchemaError {
  message: string;
  keyword: string;
  /** The instance path (property names, item indexes). */
  path: (string | number)[];
  /** The schema path down to the keyword. */
  schemaPath: (string | number)[];
  /** The (sub)schema holding the keyword, and the instance part it failed on. */
  schema: Schema;
  instance: Json;
}

const isObject = (v: Json): v is { [key: string]: Json } => v !== null && typeof v === 'object' && !Array.isArray(v);

/** jsonschema's type checker (Draft 2020-12): a float with no fraction is an integer; booleans are no numbers. */
function isType(value: Json, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return false;
  }
}

/** jsonschema's `equal()`: by value, `True` no `1`. */
function equal(a: Json, b: Json): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && equal(a[k], b[k]));
  }
  return a === b;
}

/** A string's length in code points, as Python counts it. */
const length = (s: string) => [...s].length;

/**
 * Python's `repr()` of a number parsed from JSON: a whole number as an int (JSON's `2.0`, a float
 * to Python, cannot be told from `2` here), else a float — in exponent form below 1e-4.
 */
function pyNumber(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : n < 0 ? '-inf' : 'nan';
  if (Number.isInteger(n)) return BigInt(n).toString();
  const [mantissa, exp] = n.toExponential().split('e');
  const e = Number(exp);
  if (e < -4) return `${mantissa}e-${String(-e).padStart(2, '0')}`;
  return String(n);
}

/** Python's `repr()` of a str. */
function pyString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}

/** Python's `repr()` of a value parsed from JSON. */
export function pyRepr(value: Json): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pyNumber(value);
  if (typeof value === 'string') return pyString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${pyString(k)}: ${pyRepr(v)}`).join(', ')}}`;
}

/** Python's `pprint.pformat(value, width, sort_dicts=False)`. */
export function pformat(value: Json, width = 72): string {
  let out = '';
  const write = (s: string) => {
    out += s;
  };
  const format = (v: Json, indent: number, allowance: number, level: number) => {
    const rep = pyRepr(v);
    if (rep.length > width - indent - allowance) {
      if (isObject(v) && Object.keys(v).length) return formatDict(v, indent, allowance, level + 1);
      if (Array.isArray(v) && v.length) return formatList(v, indent, allowance, level + 1);
      if (typeof v === 'string' && v.length) return formatString(v, indent, allowance, level + 1);
    }
    write(rep);
  };
  const formatDict = (v: { [key: string]: Json }, indent: number, allowance: number, level: number) => {
    write('{');
    const entries = Object.entries(v);
    const inner = indent + 1;
    entries.forEach(([key, entry], i) => {
      const last = i === entries.length - 1;
      const rep = pyString(key);
      write(`${rep}: `);
      format(entry, inner + rep.length + 2, last ? allowance + 1 : 1, level);
      if (!last) write(`,\n${' '.repeat(inner)}`);
    });
    write('}');
  };
  const formatList = (v: Json[], indent: number, allowance: number, level: number) => {
    write('[');
    const inner = indent + 1;
    v.forEach((entry, i) => {
      const last = i === v.length - 1;
      if (i) write(`,\n${' '.repeat(inner)}`);
      format(entry, inner, last ? allowance + 1 : 1, level);
    });
    write(']');
  };
  const formatString = (v: string, indent: number, allowance: number, level: number) => {
    const chunks: string[] = [];
    const lines = v.split(/(?<=\r\n|\n|\r)/);
    if (level === 1) {
      indent += 1;
      allowance += 1;
    }
    let maxWidth1 = width - indent;
    const maxWidth = width - indent;
    let rep = '';
    lines.forEach((line, i) => {
      rep = pyString(line);
      if (i === lines.length - 1) maxWidth1 -= allowance;
      if (rep.length <= maxWidth1) {
        chunks.push(rep);
        return;
      }
      const parts = line.match(/\S*\s*/g)!.filter((p, j, all) => j < all.length - 1 || p !== '');
      let maxWidth2 = maxWidth;
      let current = '';
      parts.forEach((part, j) => {
        const candidate = current + part;
        if (j === parts.length - 1 && i === lines.length - 1) maxWidth2 -= allowance;
        if (pyString(candidate).length > maxWidth2) {
          if (current) chunks.push(pyString(current));
          current = part;
        } else current = candidate;
      });
      if (current) chunks.push(pyString(current));
    });
    if (chunks.length === 1) return write(rep);
    if (level === 1) write('(');
    chunks.forEach((chunk, i) => write(i ? `\n${' '.repeat(indent)}${chunk}` : chunk));
    if (level === 1) write(')');
  };
  format(value, 0, 0, 0);
  return out;
}

/** Every error of `instance` against `schema`, in jsonschema's order (the schema's keywords as written). */
function errorsOf(instance: Json, schema: Schema, path: (string | number)[], schemaPath: (string | number)[]): SchemaError[] {
  if (schema === true) return [];
  if (schema === false) return [{ message: `False schema does not allow ${pyRepr(instance)}`, keyword: 'False', path, schemaPath, schema, instance }];
  const errors: SchemaError[] = [];
  const fail = (keyword: string, message: string) => errors.push({ message, keyword, path, schemaPath: [...schemaPath, keyword], schema, instance });
  const descend = (value: Json, sub: Json, at: string | number, via: (string | number)[]) => {
    if (typeof sub === 'boolean' || isObject(sub)) errors.push(...errorsOf(value, sub, [...path, at], [...schemaPath, ...via]));
  };
  for (const [keyword, value] of Object.entries(schema)) {
    switch (keyword) {
      case 'type': {
        const types = typeof value === 'string' ? [value] : Array.isArray(value) ? (value as string[]) : [];
        if (!types.some((t) => isType(instance, t))) fail(keyword, `${pyRepr(instance)} is not of type ${types.map(pyString).join(', ')}`);
        break;
      }
      case 'enum':
        if (Array.isArray(value) && !value.some((v) => equal(v, instance))) fail(keyword, `${pyRepr(instance)} is not one of ${pyRepr(value)}`);
        break;
      case 'const':
        if (!equal(value, instance)) fail(keyword, `${pyRepr(value)} was expected`);
        break;
      case 'properties':
        if (isObject(instance) && isObject(value)) for (const [name, sub] of Object.entries(value)) if (name in instance) descend(instance[name], sub, name, [keyword, name]);
        break;
      case 'required':
        if (isObject(instance) && Array.isArray(value)) for (const name of value) if (typeof name === 'string' && !(name in instance)) fail(keyword, `${pyString(name)} is a required property`);
        break;
      case 'additionalProperties': {
        if (!isObject(instance)) break;
        const declared = isObject(schema.properties) ? schema.properties : {};
        const extras = Object.keys(instance).filter((k) => !(k in declared));
        if (isObject(value) || value === true) for (const extra of extras) descend(instance[extra], value, extra, [keyword]);
        else if (value === false && extras.length) {
          const sorted = [...extras].sort();
          fail(keyword, `Additional properties are not allowed (${sorted.map(pyString).join(', ')} ${sorted.length === 1 ? 'was' : 'were'} unexpected)`);
        }
        break;
      }
      case 'items':
        if (Array.isArray(instance) && (isObject(value) || typeof value === 'boolean')) {
          if (value === false && instance.length) fail(keyword, `Expected at most 0 items but found ${instance.length} extra: ${pyRepr(instance.length === 1 ? instance[0] : instance)}`);
          else instance.forEach((item, i) => descend(item, value, i, [keyword]));
        }
        break;
      case 'minimum':
        if (typeof instance === 'number' && typeof value === 'number' && instance < value) fail(keyword, `${pyRepr(instance)} is less than the minimum of ${pyRepr(value)}`);
        break;
      case 'maximum':
        if (typeof instance === 'number' && typeof value === 'number' && instance > value) fail(keyword, `${pyRepr(instance)} is greater than the maximum of ${pyRepr(value)}`);
        break;
      case 'exclusiveMinimum':
        if (typeof instance === 'number' && typeof value === 'number' && instance <= value) fail(keyword, `${pyRepr(instance)} is less than or equal to the minimum of ${pyRepr(value)}`);
        break;
      case 'exclusiveMaximum':
        if (typeof instance === 'number' && typeof value === 'number' && instance >= value) fail(keyword, `${pyRepr(instance)} is greater than or equal to the maximum of ${pyRepr(value)}`);
        break;
      case 'multipleOf':
        if (typeof instance === 'number' && typeof value === 'number' && value > 0) {
          const quotient = instance / value;
          if (Number.isInteger(value) ? instance % value !== 0 : !Number.isInteger(quotient)) fail(keyword, `${pyRepr(instance)} is not a multiple of ${pyRepr(value)}`);
        }
        break;
      case 'minLength':
        if (typeof instance === 'string' && typeof value === 'number' && length(instance) < value) fail(keyword, `${pyRepr(instance)} ${value === 1 ? 'should be non-empty' : 'is too short'}`);
        break;
      case 'maxLength':
        if (typeof instance === 'string' && typeof value === 'number' && length(instance) > value) fail(keyword, `${pyRepr(instance)} ${value === 0 ? 'is expected to be empty' : 'is too long'}`);
        break;
      case 'pattern':
        if (typeof instance === 'string' && typeof value === 'string') {
          let re: RegExp | null = null;
          try {
            re = new RegExp(value, 'u');
          } catch {
            re = null;
          }
          if (re && !re.test(instance)) fail(keyword, `${pyRepr(instance)} does not match ${pyString(value)}`);
        }
        break;
      case 'minItems':
        if (Array.isArray(instance) && typeof value === 'number' && instance.length < value) fail(keyword, `${pyRepr(instance)} ${value === 1 ? 'should be non-empty' : 'is too short'}`);
        break;
      case 'maxItems':
        if (Array.isArray(instance) && typeof value === 'number' && instance.length > value) fail(keyword, `${pyRepr(instance)} ${value === 0 ? 'is expected to be empty' : 'is too long'}`);
        break;
      case 'uniqueItems':
        if (value === true && Array.isArray(instance) && instance.some((a, i) => instance.slice(i + 1).some((b) => equal(a, b)))) fail(keyword, `${pyRepr(instance)} has non-unique elements`);
        break;
      case 'minProperties':
        if (isObject(instance) && typeof value === 'number' && Object.keys(instance).length < value) fail(keyword, `${pyRepr(instance)} ${value === 1 ? 'should be non-empty' : 'does not have enough properties'}`);
        break;
      case 'maxProperties':
        if (isObject(instance) && typeof value === 'number' && Object.keys(instance).length > value) fail(keyword, `${pyRepr(instance)} ${value === 0 ? 'is expected to be empty' : 'has too many properties'}`);
        break;
      default:
        break;
    }
  }
  return errors;
}

/** Python's ordering of two paths (lists of str and int): element by element, then by length. */
function comparePaths(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

/** jsonschema's `best_match()` over errors without context: the first with the greatest relevance. */
function bestMatch(errors: SchemaError[]): SchemaError | null {
  const matchesType = (e: SchemaError) => {
    if (typeof e.schema !== 'object' || !('type' in e.schema)) return false;
    const type = e.schema.type;
    const types = typeof type === 'string' ? [type] : Array.isArray(type) ? (type as string[]) : [];
    return types.some((t) => isType(e.instance, t));
  };
  // relevance = (-len(path), path, not weak, strong, not matches type); max() keeps the first of equals.
  const compare = (a: SchemaError, b: SchemaError) =>
    b.path.length - a.path.length || comparePaths(a.path, b.path) || Number(!matchesType(a)) - Number(!matchesType(b));
  let best: SchemaError | null = null;
  for (const e of errors) if (!best || compare(e, best) > 0) best = e;
  return best;
}

const formatIndex = (container: string, indices: (string | number)[]) => (indices.length ? `${container}[${indices.map((i) => (typeof i === 'number' ? String(i) : pyString(i))).join('][')}]` : container);

/** jsonschema's `str(ValidationError)`. */
function describe(e: SchemaError): string {
  const pretty = (v: Json) => pformat(v).split('\n').join('\n    ');
  return [
    e.message,
    '',
    `Failed validating ${pyString(e.keyword)} in ${formatIndex('schema', e.schemaPath.slice(0, -1))}:`,
    `    ${pretty(e.schema as Json)}`,
    '',
    `On ${formatIndex('instance', e.path)}:`,
    `    ${pretty(e.instance)}`,
  ].join('\n');
}

/** What `jsonschema.validate(instance, schema)` raises, as `str()` shows it; null when the instance is valid. */
export function schemaError(instance: unknown, schema: unknown): string | null {
  if (typeof schema !== 'boolean' && !isObject(schema as Json)) return null;
  const best = bestMatch(errorsOf((instance ?? null) as Json, schema as Schema, [], []));
  return best ? describe(best) : null;
}
