/**
 * @module
 * A script's variables as data (found in the module when it is uploaded, stored with the script)
 * and their validation when the script is run, with the messages of the Django form fields NetBox
 * builds from them (CharField, IntegerField, BooleanField, ChoiceField, MultipleChoiceField, its
 * model choice fields and IP fields). Runs on the server's thread: no user code is involved.
 */
import { isIP } from 'node:net';

/** The variable types a module may use (NetBox's names). */
export const VARIABLE_TYPES = [
  'StringVar', 'TextVar', 'IntegerVar', 'BooleanVar', 'ChoiceVar', 'MultiChoiceVar',
  'ObjectVar', 'MultiObjectVar', 'IPAddressVar', 'IPAddressWithMaskVar', 'IPNetworkVar',
] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/** One variable as stored: its type and options (NetBox's keyword arguments). */
export interface VariableSpec {
  type: VariableType;
  label?: string;
  description?: string;
  required?: boolean;
  default?: unknown;
  min_length?: number;
  max_length?: number;
  regex?: string;
  min_value?: number;
  max_value?: number;
  /** ChoiceVar, MultiChoiceVar: `[value, label]` pairs. */
  choices?: [string, string][];
  /** ObjectVar, MultiObjectVar: the object type (`dcim.site`) or API path (`dcim/sites`). */
  model?: string;
  min_prefix_length?: number;
  max_prefix_length?: number;
}

/** What a script is, beyond its name: stored as the script's `spec`. */
export interface ScriptSpec {
  vars: Record<string, VariableSpec>;
  /** Seconds a run may take (NetBox's Meta.job_timeout; RQ's 300 by default). */
  job_timeout: number;
  scheduling_enabled: boolean;
}

type Errors = Record<string, string[]>;
const REQUIRED = 'This field is required.';
const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A variable's value as a string, as a form field reads it. */
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));

/** A CIDR value (`10.0.0.1/24`) as [address, length], or an error. */
function network(value: string): { address: string; length: number } | string {
  const parts = value.split('/');
  if (parts.length !== 2) return 'CIDR mask (e.g. /24) is required.';
  const family = isIP(parts[0]);
  const length = /^\d+$/.test(parts[1]) ? Number(parts[1]) : NaN;
  if (!family || !(length <= (family === 4 ? 32 : 128))) return 'Please specify a valid IPv4 or IPv6 address.';
  return { address: parts[0], length };
}

/** Whether the host bits of `address/length` are all zero (a network, not an address in it). */
function isNetwork(address: string, length: number): boolean {
  const v4 = isIP(address) === 4;
  let bits: bigint;
  if (v4) bits = address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
  else {
    const [head, tail = ''] = address.includes('::') ? address.split('::') : [address, ''];
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
    bits = groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
  }
  const width = v4 ? 32 : 128;
  const hostMask = (1n << BigInt(width - length)) - 1n;
  return (bits & hostMask) === 0n;
}

/** One variable's cleaned value, or its errors. `objects` tells which ids of a model exist for the caller. */
function clean(spec: VariableSpec, raw: unknown, exists: (model: string, ids: number[]) => Set<number>): { value: unknown } | { errors: string[] } {
  const required = spec.type === 'BooleanVar' ? false : spec.required !== false;
  if (spec.type === 'BooleanVar') return { value: raw === true || (typeof raw === 'string' && !['', 'false', '0'].includes(raw.toLowerCase())) || (typeof raw === 'number' && raw !== 0) };
  const multi = spec.type === 'MultiChoiceVar' || spec.type === 'MultiObjectVar';
  if (empty(raw) || (typeof raw === 'string' && !multi && spec.type !== 'TextVar' && raw.trim() === '')) return required ? { errors: [REQUIRED] } : { value: multi ? [] : null };
  switch (spec.type) {
    case 'StringVar':
    case 'TextVar': {
      if (typeof raw === 'object') return { errors: ['Enter a valid value.'] };
      const value = text(raw).trim();
      const errors: string[] = [];
      if (spec.min_length && value.length < spec.min_length) errors.push(`Ensure this value has at least ${spec.min_length} characters (it has ${value.length}).`);
      if (spec.max_length && value.length > spec.max_length) errors.push(`Ensure this value has at most ${spec.max_length} characters (it has ${value.length}).`);
      if (spec.regex && !new RegExp(spec.regex).test(value)) errors.push(`Invalid value. Must match regex: ${spec.regex}`);
      return errors.length ? { errors } : { value };
    }
    case 'IntegerVar': {
      const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(value)) return { errors: ['Enter a whole number.'] };
      const errors: string[] = [];
      if (spec.min_value && value < spec.min_value) errors.push(`Ensure this value is greater than or equal to ${spec.min_value}.`);
      if (spec.max_value && value > spec.max_value) errors.push(`Ensure this value is less than or equal to ${spec.max_value}.`);
      return errors.length ? { errors } : { value };
    }
    case 'ChoiceVar': {
      const value = text(raw);
      if (!(spec.choices ?? []).some(([v]) => String(v) === value)) return { errors: [`Select a valid choice. ${value} is not one of the available choices.`] };
      return { value };
    }
    case 'MultiChoiceVar': {
      if (!Array.isArray(raw)) return { errors: ['Enter a list of values.'] };
      const values = raw.map(text);
      const bad = values.find((v) => !(spec.choices ?? []).some(([c]) => String(c) === v));
      return bad === undefined ? { value: values } : { errors: [`Select a valid choice. ${bad} is not one of the available choices.`] };
    }
    case 'ObjectVar': {
      const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(id) || !exists(spec.model!, [id]).has(id)) return { errors: ['Select a valid choice. That choice is not one of the available choices.'] };
      return { value: id };
    }
    case 'MultiObjectVar': {
      if (!Array.isArray(raw)) return { errors: ['Enter a list of values.'] };
      const ids = raw.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN));
      const bad = raw.find((v, i) => !Number.isSafeInteger(ids[i]));
      if (bad !== undefined) return { errors: [`“${text(bad)}” is not a valid value.`] };
      const found = exists(spec.model!, ids);
      const missing = ids.find((id) => !found.has(id));
      return missing === undefined ? { value: ids } : { errors: [`Select a valid choice. ${missing} is not one of the available choices.`] };
    }
    case 'IPAddressVar': {
      const value = text(raw).trim();
      if (!isIP(value)) return { errors: [`Invalid IPv4/IPv6 address format: ${value}`] };
      return { value };
    }
    case 'IPAddressWithMaskVar':
    case 'IPNetworkVar': {
      const value = text(raw).trim();
      const parsed = network(value);
      if (typeof parsed === 'string') return { errors: [parsed] };
      if (spec.type === 'IPAddressWithMaskVar') return { value };
      const errors: string[] = [];
      if (!isNetwork(parsed.address, parsed.length)) errors.push(`${value} is not a valid prefix. Did you mean ${cidrOf(parsed.address, parsed.length)}?`);
      if (spec.min_prefix_length != null && parsed.length < spec.min_prefix_length) errors.push(`The prefix length must be greater than or equal to ${spec.min_prefix_length}.`);
      if (spec.max_prefix_length != null && parsed.length > spec.max_prefix_length) errors.push(`The prefix length must be less than or equal to ${spec.max_prefix_length}.`);
      return errors.length ? { errors } : { value };
    }
  }
}

/** The network of `address/length` (IPv4 only spelled out; IPv6 named by its input). */
function cidrOf(address: string, length: number): string {
  if (isIP(address) !== 4) return `${address}/${length}`;
  const n = address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n) & ~((1n << BigInt(32 - length)) - 1n);
  return `${[24n, 16n, 8n, 0n].map((s) => String((n >> s) & 255n)).join('.')}/${length}`;
}

/** The ids of object variables in `data`, by model: what must be looked up before `validate`. */
export function objectReferences(spec: ScriptSpec, data: Record<string, unknown>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [name, v] of Object.entries(spec.vars)) {
    if (v.type !== 'ObjectVar' && v.type !== 'MultiObjectVar') continue;
    const raw = data[name] ?? v.default;
    const ids = (Array.isArray(raw) ? raw : [raw]).map(Number).filter(Number.isSafeInteger);
    out.set(v.model!, [...(out.get(v.model!) ?? []), ...ids]);
  }
  return out;
}

/**
 * The cleaned data of a run (defaults applied), or the errors by variable name (NetBox's form
 * errors). Keys that are no variable pass as given, as NetBox's API passes `data` to the script.
 */
export function validate(spec: ScriptSpec, data: Record<string, unknown>, exists: (model: string, ids: number[]) => Set<number>): { data: Record<string, unknown> } | { errors: Errors } {
  const errors: Errors = {};
  const cleaned: Record<string, unknown> = { ...data };
  for (const [name, v] of Object.entries(spec.vars)) {
    const result = clean(v, name in data ? data[name] : v.default, exists);
    if ('errors' in result) errors[name] = result.errors;
    else cleaned[name] = result.value;
  }
  return Object.keys(errors).length ? { errors } : { data: cleaned };
}
