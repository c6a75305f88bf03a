/**
 * @module
 * `display` strings. Most resources use a template such as `{name}`; a few name a formatter
 * (`@asn`, `@user`, `@token`) for NetBox's `__str__` rules that a template cannot express.
 */
import type { Resource } from './model.ts';

type Row = Record<string, unknown>;

/** The label of a choice field's value (`kind: "info"` → `Info`). */
export type ChoiceLabel = (field: string, value: unknown) => string;

interface DisplayFormatter {
  /** Fields the formatter reads (they are selected even when not shown). */
  needs: string[];
  format(row: Row, label: ChoiceLabel): string;
}

const formatters: Record<string, DisplayFormatter> = {
  // 32-bit ASNs also show their asdot form: "AS4200000000 (64086.59904)".
  asn: {
    needs: ['asn'],
    format: (row) => {
      const asn = Number(row.asn);
      return asn > 65535 ? `AS${asn} (${Math.floor(asn / 65536)}.${asn % 65536})` : `AS${asn}`;
    },
  },
  user: {
    needs: ['username', 'first_name', 'last_name'],
    format: (row) => {
      const full = [row.first_name, row.last_name].filter(Boolean).join(' ');
      return full ? `${row.username} (${full})` : String(row.username);
    },
  },
  // v2 tokens show their public key; v1 tokens a masked plaintext ending in its last six characters.
  token: {
    needs: ['version', 'key', 'plaintext'],
    format: (row) => (Number(row.version) === 1 ? `${'*'.repeat(34)}${String(row.plaintext ?? '').slice(-6)}` : String(row.key ?? '')),
  },
  // "2026-11-22 08:59 (Info)": creation time to the minute, then the kind's label.
  journal: {
    needs: ['created', 'kind'],
    format: (row, label) => `${String(row.created ?? '').slice(0, 16).replace('T', ' ')} (${label('kind', row.kind)})`,
  },
};

const placeholder = /\{([a-z_][a-z0-9_]*)\}/g;

/** The fields `display` depends on. */
export function displayNeeds(resource: Resource): string[] {
  if (resource.display.startsWith('@')) return formatters[resource.display.slice(1)]?.needs ?? [];
  return [...resource.display.matchAll(placeholder)].map((m) => m[1]);
}

export function formatDisplay(resource: Resource, row: Row, label: ChoiceLabel = (_, value) => String(value ?? '')): string {
  if (resource.display.startsWith('@')) {
    const formatter = formatters[resource.display.slice(1)];
    if (!formatter) throw new Error(`no display formatter "${resource.display}" for ${resource.key}`);
    return formatter.format(row, label);
  }
  return resource.display.replace(placeholder, (_, name: string) => String(row[name] ?? ''));
}
