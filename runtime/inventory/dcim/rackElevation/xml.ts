/**
 * @module
 * Writing XML text safely: every string a user could have chosen (a device's name, a rack's, a
 * reservation's description) goes through `escapeText` or `escapeAttribute`. Characters XML 1.0
 * cannot hold at all (control characters but tab, newline and return; lone surrogates; U+FFFE,
 * U+FFFF) become U+FFFD, so the document always parses.
 */

const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Quotes need no escaping in text; they are escaped anyway, so a text can never end an attribute.
const TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const ATTRIBUTE: Record<string, string> = { ...TEXT, '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };

export const escapeText = (value: string) => value.replace(INVALID, '\uFFFD').replace(/[&<>"']/g, (c) => TEXT[c]);

export const escapeAttribute = (value: string) => value.replace(INVALID, '\uFFFD').replace(/[&<>"'\t\n\r]/g, (c) => ATTRIBUTE[c]);

export type Attributes = Record<string, string | number | undefined>;

/** `<name a="…">children</name>`, or `<name a="…" />` without children; attributes left undefined are left out. */
export function element(name: string, attributes: Attributes, ...children: string[]): string {
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) open += ` ${key}="${escapeAttribute(String(value))}"`;
  return children.length ? `${open}>${children.join('')}</${name}>` : `${open} />`;
}

/** A text element: its content escaped. */
export const textElement = (name: string, attributes: Attributes, content: string) => element(name, attributes, escapeText(content));
