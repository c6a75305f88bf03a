/**
 * @module
 * The trace drawing's stylesheet, after NetBox's cable_trace.css in its light theme: centred
 * bold-able text, grey boxes with a thin border, 5px connector lines over a 7px dark shadow, a
 * wireless link as a round-dotted grey line and an attachment as a dashed one. The page's
 * variables NetBox's sheet reads are given their light values, since the drawing stands alone.
 */

const STYLESHEET = [
  '* { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif; font-size: 0.875rem; }',
  'text { text-anchor: middle; dominant-baseline: middle; }',
  'text:not([fill]) { fill: #000; }',
  'text.bold { font-weight: 700; }',
  'svg { background-color: #f6f8fb; }',
  'svg rect { fill: #e9ecef; stroke: #606060; stroke-width: 1; }',
  'svg .connector text { text-anchor: start; }',
  'svg line { stroke-width: 5px; }',
  'svg polyline { fill: none; stroke-width: 5px; }',
  'svg .cable-shadow { stroke: #343a40; stroke-width: 7px; }',
  'svg line.wireless-link { stroke: #ced4da; stroke-dasharray: 4px 12px; stroke-linecap: round; }',
  'svg line.attachment { stroke: #ced4da; stroke-dasharray: 5px; }',
].join('\n');

/** The `<style>` the drawing's `<defs>` holds. */
export const traceStyle = () => `<style type="text/css"><![CDATA[\n${STYLESHEET}\n]]></style>`;
