/**
 * @module
 * Jinja filters MiniJinja lacks, and the IP helpers NetBox users know from Ansible's `ipaddr` family,
 * registered on every render environment (renderInThread.ts). Pure functions of plain values: a
 * template passes lists, maps, strings and numbers, and gets the same back.
 *
 * - `format` — Jinja's printf-style `"%s-%02d" | format(a, b)` (also `%(name)s` with a map): the
 *   stand-in for Python's `%` operator, which MiniJinja does not have.
 * - `center`, `wordwrap`, `wordcount`, `urlencode` — as Jinja's.
 * - `ipaddr(query)`, `ipv4(query)`, `ipv6(query)` — Ansible's: without a query, the value if it is
 *   an address or network (of that version) else false; a list is filtered. Queries: `address`,
 *   `network`, `netmask`, `hostmask`, `prefix`, `broadcast`, `cidr`/`subnet`, `host`, `version`,
 *   `size`, `public`, `private`, `revdns`.
 * - `header_safe` — NetBox's: control characters (CR/LF injection) removed from a header value.
 */
import ipaddr from 'ipaddr.js';

type Value = unknown;

const text = (value: Value): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** One `%` conversion of Python's printf-style formatting. */
function convert(spec: string, value: Value): string {
  const match = /^([-+ 0#]*)(\d+)?(?:\.(\d+))?([sdifFeExXorc%])$/.exec(spec);
  if (!match) throw new Error(`unsupported format character in "%${spec}"`);
  const [, flags, width, precision, type] = match;
  let out: string;
  switch (type) {
    case 'd': case 'i': out = String(Math.trunc(Number(value))); break;
    case 'f': case 'F': out = Number(value).toFixed(precision === undefined ? 6 : Number(precision)); break;
    case 'e': case 'E': out = Number(value).toExponential(precision === undefined ? 6 : Number(precision)).replace(/e([+-])(\d)$/, 'e$10$2'); if (type === 'E') out = out.toUpperCase(); break;
    case 'x': out = Math.trunc(Number(value)).toString(16); break;
    case 'X': out = Math.trunc(Number(value)).toString(16).toUpperCase(); break;
    case 'o': out = Math.trunc(Number(value)).toString(8); break;
    case 'c': out = typeof value === 'number' ? String.fromCodePoint(value) : text(value); break;
    case 'r': out = typeof value === 'string' ? `'${value}'` : text(value); break;
    default: out = precision === undefined ? text(value) : text(value).slice(0, Number(precision));
  }
  if (flags.includes('+') && /^[dif]$/i.test(type) && !out.startsWith('-')) out = `+${out}`;
  const size = Number(width ?? 0);
  if (out.length >= size) return out;
  if (flags.includes('-')) return out.padEnd(size);
  if (flags.includes('0') && type !== 's') return out.startsWith('-') || out.startsWith('+') ? out[0] + out.slice(1).padStart(size - 1, '0') : out.padStart(size, '0');
  return out.padStart(size);
}

/** Jinja's `format`: `fmt % args` (or `% kwargs` when the one argument is a map). */
export function format(fmt: Value, ...args: Value[]): string {
  const named = args.length === 1 && args[0] !== null && typeof args[0] === 'object' && !Array.isArray(args[0]) ? (args[0] as Record<string, Value>) : null;
  let next = 0;
  return text(fmt).replace(/%(?:\(([^)]*)\))?([-+ 0#]*\d*(?:\.\d+)?[a-zA-Z%])/g, (_, name: string | undefined, spec: string) => {
    if (spec === '%') return '%';
    if (name !== undefined) {
      if (!named || !(name in named)) throw new Error(`format: no value named "${name}"`);
      return convert(spec, named[name]);
    }
    if (next >= args.length) throw new Error('format: not enough arguments for format string');
    return convert(spec, args[next++]);
  });
}

export function center(value: Value, width: Value = 80): string {
  const s = text(value);
  const size = Number(width);
  if (s.length >= size) return s;
  const left = Math.floor((size - s.length) / 2) + ((size - s.length) % 2 && size % 2 ? 1 : 0);
  return ' '.repeat(left) + s + ' '.repeat(size - s.length - left);
}

export function wordwrap(value: Value, width: Value = 79, breakLongWords: Value = true, wrapstring: Value = '\n'): string {
  const size = Math.max(1, Number(width));
  return text(value).split(/\r?\n/).map((paragraph) => {
    const lines: string[] = [];
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while (breakLongWords && word.length > size) {
        if (line) (lines.push(line), (line = ''));
        lines.push(word.slice(0, size));
        word = word.slice(size);
      }
      if (!line) line = word;
      else if (line.length + 1 + word.length <= size) line += ` ${word}`;
      else (lines.push(line), (line = word));
    }
    if (line) lines.push(line);
    return lines.join(text(wrapstring));
  }).join(text(wrapstring));
}

export const wordcount = (value: Value): number => (text(value).match(/\w+/gu) ?? []).length;

export function urlencode(value: Value): string {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? (value as [Value, Value][]) : Object.entries(value as Record<string, Value>);
    return entries.map(([k, v]) => `${encodeURIComponent(text(k))}=${encodeURIComponent(text(v))}`).join('&');
  }
  return encodeURIComponent(text(value)).replace(/%2F/g, '/');
}

/** An address with an optional prefix length: `10.0.0.1/24`, `2001:db8::1`. */
function parse(value: Value): { ip: ipaddr.IPv4 | ipaddr.IPv6; length: number; hadLength: boolean } | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const s = String(value).trim();
  try {
    if (s.includes('/')) {
      const [ip, length] = ipaddr.parseCIDR(s);
      return { ip, length, hadLength: true };
    }
    const ip = ipaddr.parse(s);
    return { ip, length: ip.kind() === 'ipv4' ? 32 : 128, hadLength: false };
  } catch {
    return null;
  }
}

function query(value: Value, q: string, version?: 4 | 6): Value {
  const parsed = parse(value);
  if (!parsed || (version && parsed.ip.kind() !== `ipv${version}`)) return false;
  const { ip, length } = parsed;
  const bits = ip.kind() === 'ipv4' ? 32 : 128;
  const cidr = `${ip.toString()}/${length}`;
  const network = (ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr)).toString();
  switch (q) {
    case '': return value;
    case 'address': return ip.toString();
    case 'network': return network;
    case 'netmask': return ip.kind() === 'ipv4' ? ipaddr.IPv4.subnetMaskFromPrefixLength(length).toString() : ipaddr.IPv6.subnetMaskFromPrefixLength(length).toString();
    case 'hostmask': return ip.kind() === 'ipv4' ? ipaddr.IPv4.subnetMaskFromPrefixLength(length).toByteArray().map((b) => 255 - b).join('.') : false;
    case 'prefix': return length;
    case 'broadcast': return ip.kind() === 'ipv4' ? ipaddr.IPv4.broadcastAddressFromCIDR(cidr).toString() : false;
    case 'cidr': case 'subnet': return `${network}/${length}`;
    case 'host': return length === bits || ip.toString() !== network ? cidr : false;
    case 'version': return ip.kind() === 'ipv4' ? 4 : 6;
    case 'size': return Number(2n ** BigInt(bits - length));
    case 'public': return ip.range() === 'unicast' ? value : false;
    case 'private': return ip.range() !== 'unicast' ? value : false;
    case 'revdns': return ip.kind() === 'ipv4' ? `${ip.toByteArray().reverse().join('.')}.in-addr.arpa.` : `${(ip as ipaddr.IPv6).parts.map((part) => part.toString(16).padStart(4, '0')).join('').split('').reverse().join('.')}.ip6.arpa.`;
    default: throw new Error(`ipaddr: unknown query "${q}"`);
  }
}

/** Ansible's `ipaddr` family: a single value's answer, or a list's answers without the falses. */
function ipFilter(version?: 4 | 6) {
  return (value: Value, q: Value = ''): Value => {
    if (Array.isArray(value)) return value.map((v) => query(v, text(q), version)).filter((v) => v !== false);
    return query(value, text(q), version);
  };
}

/** The filters by the names templates use. */
export const customFilters: Record<string, (...args: any[]) => unknown> = {
  format,
  center,
  wordwrap,
  wordcount,
  urlencode,
  ipaddr: ipFilter(),
  ipv4: ipFilter(4),
  ipv6: ipFilter(6),
  // NetBox's sanitize_http_header, for webhooks' additional headers: control characters removed.
  header_safe: (value: Value) => text(value).replace(/[\x00-\x1f\x7f]/g, ''),
};
