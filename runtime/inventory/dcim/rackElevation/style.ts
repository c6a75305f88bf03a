/**
 * @module
 * The drawing's stylesheet and patterns, after NetBox's rack_elevation.css: the classes its
 * elements carry (`unit`, `slot`, `add-device`, `rack`, `reservation`, `blocked`, `occupied`,
 * `label`, `device-image`, `device-image-label`, `shaded`) and the three striped fills,
 * `reserved`, `occupied` and `blocked`.
 */
import { element } from './xml.ts';

const STYLESHEET = [
  'svg { background-color: #f6f8fb; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; font-size: 0.875rem; }',
  'rect { box-sizing: border-box; }',
  'text { text-anchor: middle; dominant-baseline: middle; }',
  'svg .unit { margin: 0; padding: 5px 0; fill: #6c757d; }',
  'svg .hidden { visibility: hidden; }',
  'svg rect.shaded, svg image.shaded { opacity: 25%; }',
  'svg text.shaded { opacity: 50%; }',
  'svg .rack { fill: none; stroke-width: 2px; stroke: #000; }',
  'svg .slot { fill: #e9ecef; stroke: #adb5bd; }',
  'svg .slot:hover { fill: #ced4da; }',
  'svg .slot + .add-device { fill: #0d6efd; opacity: 0; pointer-events: none; }',
  'svg .slot:hover + .add-device { opacity: 1; }',
  'svg .slot.occupied[class], svg .slot.occupied:hover[class] { fill: url(#occupied); }',
  'svg .slot.blocked[class], svg .slot.blocked:hover[class] { fill: url(#blocked); }',
  'svg .slot.blocked:hover + .add-device { opacity: 0; }',
  'svg .reservation[class] { fill: url(#reserved); }',
].join('\n');

/** NetBox's fills: stripes of the colour over #f7f7f7. */
export const GRADIENTS = { reserved: '#b0b0ff', occupied: '#d7d7d7', blocked: '#ffc0c0' } as const;

function gradient(id: string, color: string): string {
  const stop = (offset: string, stopColor: string) => element('stop', { offset, 'stop-color': stopColor });
  return element(
    'linearGradient',
    { gradientTransform: 'rotate(45, 0, 0)', gradientUnits: 'userSpaceOnUse', id, spreadMethod: 'repeat', x1: 0, x2: 0, y1: 0, y2: 25 },
    stop('0%', '#f7f7f7'),
    stop('50%', '#f7f7f7'),
    stop('50%', color),
    stop('100%', color),
  );
}

/** The `<style>` and gradients every drawing's `<defs>` begins with. */
export function baseDefinitions(): string {
  return `<style type="text/css"><![CDATA[\n${STYLESHEET}\n]]></style>` + Object.entries(GRADIENTS).map(([id, color]) => gradient(id, color)).join('');
}
