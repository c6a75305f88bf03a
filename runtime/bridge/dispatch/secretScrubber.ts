/**
 * @module
 * Scrubs live credentials (the controller password, the session's token, XSRF token and cookie, the
 * MCP bearer token) out of text and values, in every encoding they travel in: as written, URL-encoded
 * (`%20` and form `+` forms, upper- and lower-case hex), JSON-escaped, and base64 (alone and as HTTP
 * Basic's `user:secret`, standard and URL-safe alphabets). Key-name redaction (debugCapture.ts) catches
 * secrets under telling names; this catches a live secret wherever else it turns up: a query value
 * under an ordinary name, a URL, an echoed header, an error message or a stack trace.
 *
 * Values shorter than MIN_SECRET_LENGTH are not scrubbed: replacing every "1" or "ab" would destroy
 * records without protecting anything worth protecting.
 */
import { REDACTED } from './debugCapture.ts';

export const MIN_SECRET_LENGTH = 4;

export interface SecretSource {
  /** Live secrets now (they change with each login). */
  secrets(): string[];
  /** Who logs in: Basic credentials are `base64(username:secret)`. */
  username?: string;
}

function percentForms(encoded: string): string[] {
  return [encoded, encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())];
}

function base64Forms(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  const standard = bytes.toString('base64');
  return [standard, standard.replace(/=+$/, ''), bytes.toString('base64url')];
}

/** Every spelling of `secret` the bridge might write, longest first. */
export function encodedForms(secret: string, username = ''): string[] {
  const forms = new Set<string>([
    secret,
    ...percentForms(encodeURIComponent(secret)),
    ...percentForms(encodeURI(secret)),
    ...percentForms(new URLSearchParams({ x: secret }).toString().slice(2)),
    ...base64Forms(secret),
    ...(username ? base64Forms(`${username}:${secret}`) : []),
  ]);
  for (const form of [...forms]) forms.add(JSON.stringify(form).slice(1, -1));
  return [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

export class SecretScrubber {
  private key = '';
  private forms: string[] = [];

  constructor(private readonly source: SecretSource) {}

  private current(): string[] {
    const secrets = [...new Set(this.source.secrets().filter((s) => s && s.length >= MIN_SECRET_LENGTH))];
    const key = secrets.join('\u0000');
    if (key !== this.key) {
      this.key = key;
      this.forms = [...new Set(secrets.flatMap((s) => encodedForms(s, this.source.username)))].sort((a, b) => b.length - a.length);
    }
    return this.forms;
  }

  text(text: string): string {
    let out = text;
    for (const form of this.current()) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  }

  /** A deep copy with every string (keys too) scrubbed; a number that spells a secret becomes `<redacted>`. */
  value(value: unknown): unknown {
    if (!this.current().length) return value;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.text(v);
      if (typeof v === 'number' || typeof v === 'bigint') return this.text(String(v)) === String(v) ? v : REDACTED;
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') {
        const out: Record<string, unknown> = {};
        for (const [k, inner] of Object.entries(v)) out[this.text(k)] = walk(inner);
        return out;
      }
      return v;
    };
    return walk(value);
  }
}
