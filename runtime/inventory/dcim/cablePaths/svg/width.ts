/**
 * @module
 * The drawing's width as PathEndpointMixin.trace reads it: `int(request.GET.get('width', 400))`,
 * the default when that fails. So the last `width` given counts, spaces around it, a sign and
 * single underscores between digits are fine (`+1_000`), and anything else (`12.5`, `abc`, an
 * empty value) is the default, never a 400. NetBox sets no bound; a width too large for a float,
 * where NetBox's drawing fails, takes the default here. Only ASCII digits are read (Python also
 * reads other scripts' digits).
 */

/** NetBox's CABLE_TRACE_SVG_DEFAULT_WIDTH. */
export const DEFAULT_TRACE_WIDTH = 400;

const PYTHON_INT = /^[+-]?\d+(?:_\d+)*$/;

export function traceWidth(params: URLSearchParams): number {
  const given = params.getAll('width');
  if (!given.length) return DEFAULT_TRACE_WIDTH;
  const text = given[given.length - 1].trim();
  if (!PYTHON_INT.test(text)) return DEFAULT_TRACE_WIDTH;
  const width = Number(text.replaceAll('_', ''));
  return Number.isFinite(width) ? width : DEFAULT_TRACE_WIDTH;
}
