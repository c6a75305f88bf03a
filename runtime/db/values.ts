/**
 * @module
 * The value rules both drivers share (see types.ts for the contract): how parameters are
 * prepared and how int8 and date/time values are read.
 * @internal
 */

/** PostgreSQL type oids the drivers configure. */
export const Oid = {
  int8: 20,
  json: 114,
  jsonb: 3802,
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timestamptz: 1184,
  interval: 1186,
  timetz: 1266,
  int8Array: 1016,
  dateArray: 1182,
  timeArray: 1183,
  timestampArray: 1115,
  timestamptzArray: 1185,
  intervalArray: 1187,
  timetzArray: 1270,
} as const;

/** Date/time types read as PostgreSQL's text. */
export const textualTimeOids = [Oid.date, Oid.time, Oid.timestamp, Oid.timestamptz, Oid.interval, Oid.timetz];
export const textualTimeArrayOids = [Oid.dateArray, Oid.timeArray, Oid.timestampArray, Oid.timestamptzArray, Oid.intervalArray, Oid.timetzArray];

/** int8 as a number when exact, else the decimal string (never a silently rounded number). */
export function parseInt8(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

/** A parameter as both drivers should receive it. */
export function prepareParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError('invalid Date passed as a query parameter');
    return value.toISOString();
  }
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(prepareParam);
  return value;
}

export function prepareParams(params: readonly unknown[] | undefined): unknown[] {
  return params ? params.map(prepareParam) : [];
}

/** JSON text for a json/jsonb parameter: always the encoding of the value. */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * Parses PostgreSQL's array text (`{a,"b,c",NULL,{1,2}}`), telling an unquoted NULL (SQL null)
 * from the quoted string "NULL", and handing every other element to `element`.
 */
export function parseArrayLiteral(text: string, element?: (value: string) => unknown, delimiter = ','): unknown[] {
  // Arrays with non-default bounds come as `[0:1]={…}`.
  let i = text.startsWith('[') ? text.indexOf('=') + 1 : 0;
  const malformed = () => new Error(`malformed array value from PostgreSQL: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`);
  const level = (): unknown[] => {
    if (text[i] !== '{') throw malformed();
    i++;
    const out: unknown[] = [];
    if (text[i] === '}') {
      i++;
      return out;
    }
    while (i < text.length) {
      if (text[i] === '{') {
        out.push(level());
      } else if (text[i] === '"') {
        let value = '';
        for (i++; i < text.length && text[i] !== '"'; i++) value += text[i] === '\\' ? text[++i] : text[i];
        if (i >= text.length) throw malformed();
        i++;
        out.push(element ? element(value) : value);
      } else {
        const start = i;
        while (i < text.length && text[i] !== delimiter && text[i] !== '}') i++;
        const raw = text.slice(start, i);
        out.push(raw === 'NULL' ? null : element ? element(raw) : raw);
      }
      if (text[i] === delimiter) i++;
      else if (text[i] === '}') {
        i++;
        return out;
      } else throw malformed();
    }
    throw malformed();
  };
  return level();
}
