/**
 * @module
 * NetBox's ConfigTemplateRenderMixin.render_configtemplate(): the rendered text as
 * `{configtemplate: <nested template>, content}`, or as text/plain when the client asks for text
 * (`?format=txt`, or an Accept header naming text/plain before JSON, as DRF's negotiation picks the
 * TextRenderer); a render that fails answers 500 with format_render_error()'s text, as
 * `{"detail": …}` or as the text itself.
 */
import type { Context } from 'hono';
import type { RenderOutcome } from '../rendering/index.ts';

/** Whether DRF would choose the TextRenderer of `[JSONRenderer, TextRenderer]` for this request. */
export function wantsText(c: Context): boolean {
  const format = new URL(c.req.url).searchParams.get('format');
  if (format !== null) return format === 'txt';
  const accepted = (c.req.header('Accept') ?? '').split(',').map((part) => part.split(';')[0].trim().toLowerCase());
  const text = accepted.indexOf('text/plain');
  const json = accepted.findIndex((type) => type === 'application/json' || type === 'application/*' || type === '*/*');
  return text !== -1 && (json === -1 || text < json);
}

const TEXT = 'text/plain; charset=utf-8';

export function renderedResponse(c: Context, template: Record<string, unknown> | null, outcome: RenderOutcome): Response {
  const text = wantsText(c);
  if ('error' in outcome) return text ? c.body(outcome.error, 500, { 'Content-Type': TEXT }) : c.json({ detail: outcome.error }, 500);
  // NetBox replaces CRLF line ends in every render's output.
  const content = outcome.output.replace(/\r\n/g, '\n');
  return text ? c.body(content, 200, { 'Content-Type': TEXT }) : c.json({ configtemplate: template, content });
}
