/**
 * @module
 * A cable trace drawn as NetBox's CableTraceSVG draws it, top to bottom, one segment after the
 * other:
 * - the first segment's parent objects (devices, circuits, power panels) as a row of boxes
 *   sharing the width, and each segment's near terminations as smaller boxes under their parent,
 *   sharing its width;
 * - with links and far terminations: a gap for the cables, then the far terminations, then their
 *   parent objects (sorted by name), which the next segment's near terminations hang from; each
 *   link a line in the cable's colour over a dark shadow (a wireless link a dotted line) from its
 *   near to its far terminations, labelled and linked to its page, with a tooltip. Several near
 *   (far) terminations on one link fan in (out) to one point;
 * - with no link but far objects (a circuit ending at a site or provider network): a dashed
 *   "attachment" line down to them;
 * - with neither, the path stops (not connected).
 * Connectors are written first, then the parent objects, then the terminations, so boxes cover
 * lines. Every box and connector text links to the object's page (`baseUrl` + its path).
 * Departures from NetBox, where its drawing breaks: a row of boxes advances by its tallest box
 * (NetBox: by its last one, which can overlap); a termination whose parent is not in the row above
 * gets a new row of parents (NetBox leaves it out); a link whose ends are not among the drawn
 * terminations joins the whole rows (NetBox fails); box sizes never go below zero.
 * Every user-chosen string is XML-escaped (../../rackElevation/xml.ts).
 */
import { foregroundColor } from '../../rackElevation/svg.ts';
import { element, textElement } from '../../rackElevation/xml.ts';
import { linkColor, linkDescription, linkLabels, objectColor, objectLabels } from './labels.ts';
import { traceStyle } from './style.ts';
import { nodeKey, type Link, type ParentObject, type Termination, type TraceDrawing } from './types.ts';

const OFFSET = 0.5;
const PADDING = 10;
const LINE_HEIGHT = 20;
const FANOUT_HEIGHT = 35;
const FANOUT_LEG_HEIGHT = 15;
const CABLE_HEIGHT = 5 * LINE_HEIGHT + FANOUT_HEIGHT + FANOUT_LEG_HEIGHT;
/** NetBox's text colour on a light box. */
const DARK_TEXT = '303030';

export interface TraceSvgOptions {
  /** The drawing's width in pixels (traceWidth reads it from the query). */
  width: number;
  /** The server's origin (`http://host:8000`), before every link's path. */
  baseUrl: string;
}

type Point = [number, number];

/** A drawn box: where it is, and the key of the object it shows. */
interface Box {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const topCenter = (b: Box): Point => [b.x + b.width / 2, b.y];
const bottomCenter = (b: Box): Point => [b.x + b.width / 2, b.y + b.height];
const points = (list: Point[]) => list.map(([x, y]) => `${x},${y}`).join(' ');

/** The distinct parent objects of `terminations`, in the order they first appear. */
function parentsOf(terminations: readonly Termination[]): ParentObject[] {
  const parents = new Map<string, ParentObject>();
  for (const t of terminations) if (!parents.has(nodeKey(t.parent.node))) parents.set(nodeKey(t.parent.node), t.parent);
  return [...parents.values()];
}

/** Python's sorted() by str: code points. */
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

class TraceSvg {
  private cursor = OFFSET;
  private readonly connectors: string[] = [];
  private readonly parentObjects: string[] = [];
  private readonly terminationNodes: string[] = [];
  private readonly baseUrl: string;

  constructor(
    private readonly width: number,
    baseUrl: string,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  private href(path: string) {
    return { target: '_parent', 'xlink:href': `${this.baseUrl}${path}` };
  }

  /** A box of `object` with its lines of text (NetBox's Node): its top left corner at `[x, y]`. */
  private node([x, y]: Point, width: number, object: Termination | ParentObject, radius: number): { box: Box; svg: string } {
    const labels = objectLabels(object);
    const color = objectColor(object);
    const box: Box = { key: nodeKey(object.node), x: x + OFFSET, y, width: Math.max(0, width - 2), height: PADDING + LINE_HEIGHT * labels.length + PADDING };
    const fill = `#${foregroundColor(color) === 'ffffff' ? 'ffffff' : DARK_TEXT}`;
    const rect = element('rect', { class: 'parent-object', height: box.height, rx: radius, style: `fill: #${color}`, width: box.width, x: box.x, y: box.y });
    const texts = labels.map((label, i) => textElement('text', { class: i ? undefined : 'bold', fill, x: x + width / 2, y: y + PADDING + LINE_HEIGHT * (i + 1) - LINE_HEIGHT / 2 }, label));
    return { box, svg: element('a', this.href(object.url), rect, ...texts) };
  }

  /** A row of parent objects sharing the width; the cursor moves under the tallest. */
  drawParentObjects(objects: readonly (Termination | ParentObject)[]): Box[] {
    if (!objects.length) return [];
    const width = this.width / objects.length;
    const boxes = objects.map((object, i) => {
      const { box, svg } = this.node([i * width, this.cursor], width, object, 10);
      this.parentObjects.push(svg);
      return box;
    });
    this.cursor += Math.max(...boxes.map((b) => b.height));
    return boxes;
  }

  /** Terminations side by side from `offsetX`, each `width` wide; the boxes and the tallest's height. */
  private drawObjectTerminations(terminations: readonly Termination[], offsetX: number, width: number): [Box[], number] {
    const nodes = terminations.map((t, i) => this.node([offsetX + i * width, this.cursor], width, t, 5));
    this.terminationNodes.push(...nodes.map((n) => n.svg));
    return [nodes.map((n) => n.box), Math.max(0, ...nodes.map((n) => n.box.height))];
  }

  /** Each parent's terminations under it, sharing its width. */
  drawTerminations(terminations: readonly Termination[], parents: readonly Box[]): Box[] {
    const boxes: Box[] = [];
    let height = 0;
    for (const parent of parents) {
      const own = terminations.filter((t) => nodeKey(t.parent.node) === parent.key);
      if (!own.length) continue;
      const [drawn, tallest] = this.drawObjectTerminations(own, parent.x, parent.width / own.length);
      boxes.push(...drawn);
      height = Math.max(height, tallest);
    }
    this.cursor += height;
    return boxes;
  }

  /** The far terminations, then their parent objects under them (sorted by name): the parents' and the terminations' boxes. */
  drawFarObjects(terminations: readonly Termination[]): [Box[], Box[]] {
    const objects = parentsOf(terminations).sort(byName);
    const width = this.width / objects.length;
    const boxes: Box[] = [];
    let height = 0;
    objects.forEach((object, i) => {
      const own = terminations.filter((t) => nodeKey(t.parent.node) === nodeKey(object.node));
      const [drawn, tallest] = this.drawObjectTerminations(own, i * width, width / own.length);
      boxes.push(...drawn);
      height = Math.max(height, tallest);
    });
    this.cursor += height;
    return [this.drawParentObjects(objects), boxes];
  }

  private polylines(list: Point[], color: string) {
    this.connectors.push(element('polyline', { class: 'cable-shadow', points: points(list) }), element('polyline', { points: points(list), style: `stroke: #${color}` }));
  }

  /** Lines from under each near termination to one point. */
  private fanIn(target: Point, boxes: readonly Box[], color: string) {
    for (const b of boxes) {
      const [x, y] = bottomCenter(b);
      this.polylines([[x, y], [x, y + FANOUT_LEG_HEIGHT], target], color);
    }
  }

  /** Lines from one point to above each far termination. */
  private fanOut(start: Point, boxes: readonly Box[], color: string) {
    for (const b of boxes) {
      const [x, y] = topCenter(b);
      this.polylines([[x, y], [x, y - FANOUT_LEG_HEIGHT], start], color);
    }
  }

  /** The near and far boxes `link` joins: its A end above and B below, or the other way round. */
  private ends(link: Link, near: readonly Box[], far: readonly Box[]): [Box[], Box[]] {
    const [a, b] = [new Set(link.aEnds.map(nodeKey)), new Set(link.bEnds.map(nodeKey))];
    let [from, to] = [near.filter((n) => a.has(n.key)), far.filter((f) => b.has(f.key))];
    if (!(from.length && to.length)) [from, to] = [near.filter((n) => b.has(n.key)), far.filter((f) => a.has(f.key))];
    return [from.length ? from : [...near], to.length ? to : [...far]];
  }

  /** A link's line (with its fans) and its labels (NetBox's Connector). */
  drawLink(link: Link, linkCount: number, nearBoxes: readonly Box[], farBoxes: readonly Box[]) {
    const [near, far] = this.ends(link, nearBoxes, farBoxes);
    if (!near.length || !far.length) return;
    const color = linkColor(link);
    let start = bottomCenter(near[0]);
    let end = topCenter(far[0]);
    let textOffset = 0;
    if (near.length > 1 && far.length > 1) {
      const centerX = (near.reduce((s, b) => s + bottomCenter(b)[0], 0) / near.length + far.reduce((s, b) => s + bottomCenter(b)[0], 0) / far.length) / 2;
      start = [centerX, start[1] + FANOUT_HEIGHT + FANOUT_LEG_HEIGHT];
      end = [centerX, end[1] - FANOUT_HEIGHT - FANOUT_LEG_HEIGHT];
      textOffset -= FANOUT_HEIGHT + FANOUT_LEG_HEIGHT;
      this.fanIn(start, near, color);
      this.fanOut(end, far, color);
    } else if (near.length > 1) {
      start = [end[0], start[1] + FANOUT_HEIGHT + FANOUT_LEG_HEIGHT];
      this.fanIn(start, near, color);
      textOffset -= FANOUT_HEIGHT + FANOUT_LEG_HEIGHT;
    } else if (far.length > 1) {
      end = [start[0], end[1] - FANOUT_HEIGHT - FANOUT_LEG_HEIGHT];
      this.fanOut(end, far, color);
      textOffset -= FANOUT_HEIGHT;
    }
    const line = { x1: start[0], x2: end[0], y1: start[1], y2: end[1] };
    const lines =
      link.kind === 'wireless'
        ? [element('line', { class: 'wireless-link', ...line })]
        : [element('line', { class: 'cable-shadow', ...line }), element('line', { style: `stroke: #${color}`, ...line })];
    const x = (start[0] + end[0]) / 2 + PADDING;
    const top = start[1] + textOffset + PADDING * 2 + LINE_HEIGHT * 2;
    const texts = linkLabels(link, linkCount).map((label, i) => textElement('text', { class: i ? undefined : 'bold', x, y: top + LINE_HEIGHT * (i + 1) - LINE_HEIGHT / 2 }, label));
    const title = textElement('title', {}, linkDescription(link).join('\n'));
    this.connectors.push(element('g', { class: 'connector' }, ...lines, element('a', this.href(link.url), title, ...texts)));
  }

  /** A dashed line down the middle to what the path is attached to; the cursor moves past it. */
  drawAttachment() {
    const [x, y] = [OFFSET + this.width / 2, OFFSET + this.cursor];
    this.connectors.push(element('g', { class: 'connector' }, element('line', { class: 'attachment', x1: x, x2: x, y1: y, y2: y + CABLE_HEIGHT })));
    this.cursor += CABLE_HEIGHT;
  }

  skipCables() {
    this.cursor += CABLE_HEIGHT;
  }

  toString(): string {
    const root = {
      baseProfile: 'full',
      height: this.cursor + 2,
      version: '1.1',
      width: Math.max(0, this.width),
      xmlns: 'http://www.w3.org/2000/svg',
      'xmlns:ev': 'http://www.w3.org/2001/xml-events',
      'xmlns:xlink': 'http://www.w3.org/1999/xlink',
    };
    return element('svg', root, element('defs', {}, traceStyle()), ...this.connectors, ...this.parentObjects, ...this.terminationNodes);
  }
}

const isTermination = (o: Termination | ParentObject): o is Termination => o.kind === 'termination';

/** The trace as an SVG document (`image/svg+xml`), as `GET …/trace/?render=svg` answers it. */
export function renderTraceSvg(drawing: TraceDrawing, options: TraceSvgOptions): string {
  const svg = new TraceSvg(options.width, options.baseUrl);
  let parents: Box[] = [];
  drawing.segments.forEach(({ near, links, far }, i) => {
    // The first segment draws its parents; later ones hang from the far objects drawn last.
    const drawn = new Set(parents.map((p) => p.key));
    if (i === 0 || near.some((t) => !drawn.has(nodeKey(t.parent.node)))) parents = svg.drawParentObjects(parentsOf(near));
    const nearBoxes = svg.drawTerminations(near, parents);
    const farTerminations = far.filter(isTermination);
    if (links.length && farTerminations.length) {
      svg.skipCables();
      const [farParents, farBoxes] = svg.drawFarObjects(farTerminations);
      parents = farParents;
      for (const link of links) svg.drawLink(link, links.length, nearBoxes, farBoxes);
    } else if (!links.length && far.length) {
      svg.drawAttachment();
      parents = svg.drawParentObjects(far);
    }
  });
  return svg.toString();
}
