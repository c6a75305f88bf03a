import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderTraceSvg } from './render.ts';
import type { CableLink, CircuitObject, DeviceObject, DrawnSegment, ParentObject, PlainObject, ProviderNetworkObject, Termination, TraceDrawing, WirelessLinkObject } from './types.ts';

/**
 * A strict well-formedness check (fast-xml-parser's validator lets `<` and `&` pass in attribute
 * values): balanced tags, quoted attributes without `<` or a bare `&`, text without a bare `&`,
 * only the five named entities and character references, CDATA closed, only characters XML 1.0
 * allows. Returns the first problem, or null.
 */
function strictXmlProblem(xml: string): string | null {
  if (/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(xml)) return 'a character XML cannot hold';
  const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
  const stack: string[] = [];
  let i = 0;
  const text = (end: number) => {
    for (let j = i; j < end; j++) {
      if (xml[j] === '&') {
        entity.lastIndex = j;
        if (!entity.test(xml)) return `a bare & at ${j}`;
      }
    }
    return null;
  };
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const end = lt < 0 ? xml.length : lt;
    const bad = text(end) ?? (xml.slice(i, end).includes(']]>') ? `]]> in text at ${i}` : null);
    if (bad) return bad;
    if (lt < 0) break;
    if (xml.startsWith('<![CDATA[', lt)) {
      const close = xml.indexOf(']]>', lt);
      if (close < 0) return 'an unclosed CDATA section';
      i = close + 3;
      continue;
    }
    if (xml.startsWith('<?xml', lt)) {
      i = xml.indexOf('?>', lt) + 2;
      continue;
    }
    const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*="[^"<]*")*)\s*(\/?)>/y;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) return `a malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`;
    for (const [, value] of m[3].matchAll(/="([^"]*)"/g)) {
      for (let j = value.indexOf('&'); j >= 0; j = value.indexOf('&', j + 1)) {
        entity.lastIndex = j;
        if (!entity.test(value)) return `a bare & in the attribute ${value}`;
      }
    }
    if (m[1]) {
      if (stack.pop() !== m[2]) return `a mismatched </${m[2]}>`;
    } else if (!m[4]) stack.push(m[2]);
    i = lt + m[0].length;
  }
  return stack.length ? `unclosed <${stack.join('>, <')}>` : null;
}

/** The document as nested nodes (tag, attributes, children), entities decoded. */
function parse(svg: string) {
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, trimValues: false, htmlEntities: false }).parse(svg);
}

/** Every text the document shows (text elements and titles), decoded. */
function texts(svg: string): string[] {
  const out: string[] = [];
  const walk = (nodes: any[]) => {
    for (const node of nodes) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '#text') out.push(String(value));
        else if (key !== ':@' && Array.isArray(value)) walk(value);
      }
    }
  };
  walk(parse(svg));
  return out;
}

/** The attributes of every element named `tag`, in document order. */
function elements(svg: string, tag: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const walk = (nodes: any[]) => {
    for (const node of nodes) {
      for (const [key, value] of Object.entries(node)) {
        if (key === tag) out.push((node[':@'] ?? {}) as Record<string, string>);
        if (key !== ':@' && Array.isArray(value)) walk(value);
      }
    }
  };
  walk(parse(svg));
  return out;
}

const wellFormed = (svg: string) => {
  expect(strictXmlProblem(svg)).toBeNull();
  expect(XMLValidator.validate(svg)).toBe(true);
};

const device = (id: number, name: string, over: Partial<DeviceObject> = {}): DeviceObject => ({
  kind: 'device', node: { objectType: 'dcim.device', id }, name, url: `/dcim/devices/${id}/`, roleColor: 'aa1409', manufacturer: 'Acme', model: 'X1',
  site: 'Berlin', location: null, rack: null, face: '', position: null, ...over,
});
const term = (objectType: string, path: string, id: number, name: string, parent: ParentObject, over: Partial<Termination> = {}): Termination => ({
  kind: 'termination', node: { objectType, id }, name, url: `/${path}/${id}/`, color: '', xconnectId: '', parent, ...over,
});
const iface = (id: number, name: string, parent: ParentObject, over: Partial<Termination> = {}) => term('dcim.interface', 'dcim/interfaces', id, name, parent, over);
const cable = (id: number, a: Termination[], b: Termination[], over: Partial<CableLink> = {}): CableLink => ({
  kind: 'cable', node: { objectType: 'dcim.cable', id }, name: `#${id}`, url: `/dcim/cables/${id}/`, status: 'Connected', type: '', description: '', color: '',
  length: null, lengthUnit: '', aEnds: a.map((t) => t.node), bEnds: b.map((t) => t.node), ...over,
});
const drawing = (...segments: DrawnSegment[]): TraceDrawing => ({ origin: segments[0]?.near[0]?.node ?? null, segments });
const options = { width: 400, baseUrl: 'http://nb.test/' };

describe('the cable trace drawing', () => {
  it('checks well-formedness strictly (the check itself)', () => {
    for (const bad of ['<a b="x&y" />', '<a b="<" />', '<a>&</a>', '<a>&foo;</a>', '<a>\u0001</a>', '<a><b></a>', '<a>x]]>y</a>', '<a b=c />', '<a>'])
      expect(strictXmlProblem(bad), bad).not.toBeNull();
    expect(strictXmlProblem('<a b="&amp;&#10;"><![CDATA[<&]]>&lt;&#x41;</a>')).toBeNull();
  });

  const r1 = device(1, 'r1', { location: 'Hall A', rack: 'R1 (F-1)', face: 'Front', position: 10 });
  const r2 = device(2, 'r2', { roleColor: 'ffffff' });
  const e1 = iface(11, 'e1', r1);
  const e2 = iface(21, 'e2 (uplink)', r2);

  it('draws one cable between two devices: boxes, labels, the line in the cable’s colour, links to each page', () => {
    const core = cable(5, [e1], [e2], { name: 'core-1', color: 'f44336', type: 'CAT6', length: 2.5, lengthUnit: 'Meters', description: 'to r2' });
    const svg = renderTraceSvg(drawing({ near: [e1], links: [core], far: [e2] }), options);
    wellFormed(svg);
    expect(svg).toMatch(/^<svg baseProfile="full" height="[\d.]+" version="1.1" width="400" xmlns="http:\/\/www.w3.org\/2000\/svg" xmlns:ev="http:\/\/www.w3.org\/2001\/xml-events" xmlns:xlink="http:\/\/www.w3.org\/1999\/xlink"><defs><style type="text\/css"><!\[CDATA\[/);
    expect(texts(svg).filter((t) => !t.includes('{'))).toEqual([
      'Link core-1\nConnected\nto r2\nCAT6\n2.50 Meters', 'Cable core-1', 'Connected',
      'r1', 'Acme X1', 'Berlin / Hall A / R1 (F-1) / Front / U10.0', 'r2', 'Acme X1', 'Berlin',
      'e1', 'e2 (uplink)',
    ]);
    // Height: r1 (3 lines, 80) + e1 (40) + the cable (150) + e2 (40) + r2 (80), from 0.5, plus 2.
    expect(elements(svg, 'svg')[0].height).toBe('392.5');
    const links = elements(svg, 'a').map((a) => a['xlink:href']);
    expect(links).toEqual(['http://nb.test/dcim/cables/5/', 'http://nb.test/dcim/devices/1/', 'http://nb.test/dcim/devices/2/', 'http://nb.test/dcim/interfaces/11/', 'http://nb.test/dcim/interfaces/21/']);
    // NetBox's geometry: a near termination sits inside its parent's box (1 px in), a far one does not.
    const lines = elements(svg, 'line');
    expect(lines).toEqual([
      { class: 'cable-shadow', x1: '199', x2: '199.5', y1: '120.5', y2: '270.5' },
      { style: 'stroke: #f44336', x1: '199', x2: '199.5', y1: '120.5', y2: '270.5' },
    ]);
    const rects = elements(svg, 'rect');
    expect(rects.map((r) => [r.x, r.y, r.width, r.height, r.rx, r.style])).toEqual([
      ['0.5', '0.5', '398', '80', '10', 'fill: #aa1409'],
      ['0.5', '310.5', '398', '80', '10', 'fill: #ffffff'],
      ['1', '80.5', '396', '40', '5', 'fill: #f0f0f0'],
      ['0.5', '270.5', '398', '40', '5', 'fill: #f0f0f0'],
    ]);
    // Text in a readable colour: white on the red role, NetBox's dark grey on white.
    expect(elements(svg, 'text').filter((t) => t.fill).map((t) => t.fill)).toEqual([...Array(3).fill('#ffffff'), ...Array(5).fill('#303030')]);
  });

  it('escapes every stored string, in text, titles and links, so the document parses and shows them as they are', () => {
    const hostile = `<script>alert("x")</script> & 'q' ]]> \u0001`;
    const shown = hostile.replace('\u0001', '\uFFFD');
    const d = device(1, hostile, { manufacturer: hostile, model: hostile, site: hostile, location: hostile, rack: hostile, face: 'Front', position: 1, roleColor: `0"/><script>` });
    const circuit: CircuitObject = { kind: 'circuit', node: { objectType: 'circuits.circuit', id: 3 }, name: hostile, url: '/circuits/circuits/3/', type: hostile, typeColor: '', provider: hostile, description: hostile };
    const ct = term('circuits.circuittermination', 'circuits/circuit-terminations', 4, hostile, circuit, { xconnectId: hostile, color: '"><x' });
    const e = iface(5, hostile, d);
    const site: PlainObject = { kind: 'object', node: { objectType: 'dcim.site', id: 6 }, name: hostile, url: '/dcim/sites/6/' };
    const link = cable(7, [e], [ct], { name: hostile, status: hostile, type: hostile, description: hostile, color: `red;}</style>`, length: 1, lengthUnit: hostile });
    const svg = renderTraceSvg(drawing({ near: [e], links: [link], far: [ct] }, { near: [term('circuits.circuittermination', 'circuits/circuit-terminations', 8, hostile, circuit)], links: [], far: [site] }), { ...options, baseUrl: `http://h/"><x` });
    wellFormed(svg);
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<x');
    const shownTexts = texts(svg);
    expect(shownTexts).toContain(shown);
    expect(shownTexts).toContain(`Circuit ${shown}`);
    expect(shownTexts).toContain(`Cable ${shown}`);
    expect(shownTexts).toContain(`${shown} / ${shown} / ${shown} / Front / U1.0`);
    expect(shownTexts).toContain([`Link ${shown}`, shown, shown, shown, `1.00 ${shown}`].join('\n'));
    // Colours that are not RRGGBB fall back to the defaults, so no style is written from a stored string.
    expect(elements(svg, 'rect').map((r) => r.style)).toEqual(['fill: #e0e0e0', 'fill: #e0e0e0', 'fill: #e0e0e0', 'fill: #f0f0f0', 'fill: #f0f0f0', 'fill: #f0f0f0']);
    expect(elements(svg, 'line').map((l) => l.style ?? l.class)).toEqual(['cable-shadow', 'stroke: #000000', 'attachment']);
  });

  it('draws a path through front and rear ports of a patch panel and a circuit, each segment under the last', () => {
    const panel = device(3, 'pp1', { roleColor: '9e9e9e' });
    const front = term('dcim.frontport', 'dcim/front-ports', 31, 'f1', panel, { color: '2196f3' });
    const rear = term('dcim.rearport', 'dcim/rear-ports', 32, 'r1', panel);
    const circuit: CircuitObject = { kind: 'circuit', node: { objectType: 'circuits.circuit', id: 9 }, name: 'CID-1', url: '/circuits/circuits/9/', type: 'Transit', typeColor: '4caf50', provider: 'Level3', description: '' };
    const ctA = term('circuits.circuittermination', 'circuits/circuit-terminations', 41, 'CID-1: Termination A', circuit, { xconnectId: 'XC-9' });
    const ctZ = term('circuits.circuittermination', 'circuits/circuit-terminations', 42, 'CID-1: Termination Z', circuit);
    const svg = renderTraceSvg(
      drawing(
        { near: [e1], links: [cable(1, [e1], [front])], far: [front] },
        { near: [rear], links: [cable(2, [ctA], [rear])], far: [ctA] },
        { near: [ctZ], links: [cable(3, [ctZ], [e2])], far: [e2] },
      ),
      options,
    );
    wellFormed(svg);
    const shown = texts(svg).filter((t) => !t.includes('{') && !t.startsWith('Link'));
    expect(shown).toEqual([
      'Cable #1', 'Connected', 'Cable #2', 'Connected', 'Cable #3', 'Connected',
      'r1', 'Acme X1', 'Berlin / Hall A / R1 (F-1) / Front / U10.0', 'pp1', 'Acme X1', 'Berlin', 'Circuit CID-1', 'Transit', 'Level3', 'r2', 'Acme X1', 'Berlin',
      'e1', 'f1', 'r1', 'CID-1: Termination A', 'XC-9', 'CID-1: Termination Z', 'e2 (uplink)',
    ]);
    // The rear port hangs under the panel drawn for the front port, the Z end under the circuit: one box each.
    expect(elements(svg, 'rect')).toHaveLength(4 + 6);
    const rects = elements(svg, 'rect');
    expect(rects.filter((r) => r.style === 'fill: #4caf50')).toHaveLength(1);
    expect(rects.filter((r) => r.style === 'fill: #2196f3')).toHaveLength(1);
    // Each cable runs down from the box above it, the next one starting under the panel's rear port.
    const cableLines = elements(svg, 'line').filter((l) => l.style);
    expect(cableLines.map((l) => Number(l.y1))).toEqual([...cableLines.map((l) => Number(l.y1))].sort((a, b) => a - b));
    expect(cableLines.every((l) => Number(l.y2) - Number(l.y1) === 150)).toBe(true);
  });

  it('fans a split path out to several far terminations, sorted by their parents’ names', () => {
    const patch = device(3, 'pp1');
    const rear = term('dcim.rearport', 'dcim/rear-ports', 32, 'rear1', patch);
    const [b, a] = [device(5, 'leaf-b'), device(4, 'leaf-a')];
    const [fb, fa1, fa2] = [iface(51, 'b1', b), iface(41, 'a1', a), iface(42, 'a2', a)];
    const trunk = cable(8, [rear], [fb, fa1, fa2], { color: '00ff00' });
    const svg = renderTraceSvg(drawing({ near: [rear], links: [trunk], far: [fb, fa1, fa2] }), options);
    wellFormed(svg);
    expect(texts(svg).filter((t) => ['leaf-a', 'leaf-b', 'a1', 'a2', 'b1'].includes(t))).toEqual(['leaf-a', 'leaf-b', 'a1', 'a2', 'b1']);
    const fans = elements(svg, 'polyline');
    // A shadow and a coloured line per far termination, from above it to one point over the middle of the near one.
    expect(fans).toHaveLength(6);
    expect(fans.filter((p) => p.style).every((p) => p.style === 'stroke: #00ff00')).toBe(true);
    const ends = fans.filter((p) => p.style).map((p) => p.points.split(' ').pop());
    expect(new Set(ends).size).toBe(1);
    const [line] = elements(svg, 'line').filter((l) => l.style);
    expect(`${line.x2},${line.y2}`).toBe(ends[0]);
    expect(line.x1).toBe(line.x2);
    // Fan-in as well when several near terminations share the link.
    const both = renderTraceSvg(drawing({ near: [fa1, fa2], links: [cable(9, [fa1, fa2], [fb])], far: [fb] }), options);
    wellFormed(both);
    expect(elements(both, 'polyline')).toHaveLength(4);
  });

  it('labels links by name only when a segment has more than two', () => {
    const a = [iface(1, 'a1', r1), iface(2, 'a2', r1), iface(3, 'a3', r1)];
    const b = [iface(4, 'b1', r2), iface(5, 'b2', r2), iface(6, 'b3', r2)];
    const links = a.map((t, i) => cable(10 + i, [t], [b[i]], { name: `c${i}` }));
    const svg = renderTraceSvg(drawing({ near: a, links, far: b }), options);
    wellFormed(svg);
    expect(texts(svg)).toEqual(expect.arrayContaining(['c0', 'c1', 'c2']));
    expect(texts(svg)).not.toContain('Cable c0');
    // Each cable joins its own two ports: three separate vertical lines.
    expect(new Set(elements(svg, 'line').filter((l) => l.style).map((l) => l.x1)).size).toBe(3);
  });

  it('draws a wireless link as a dotted line, matched by its interfaces either way round', () => {
    const w1 = iface(11, 'wlan0', r1);
    const w2 = iface(21, 'wlan0', r2);
    const link: WirelessLinkObject = {
      kind: 'wireless', node: { objectType: 'wireless.wirelesslink', id: 3 }, name: 'ssid-&-1', url: '/wireless/wireless-links/3/', status: 'Connected', ssid: 'ssid-&-1',
      description: '', distance: 1.5, distanceUnit: 'Kilometers', aEnds: [w2.node], bEnds: [w1.node],
    };
    const svg = renderTraceSvg(drawing({ near: [w1], links: [link], far: [w2] }), options);
    wellFormed(svg);
    expect(elements(svg, 'line')).toEqual([{ class: 'wireless-link', x1: '199', x2: '199.5', y1: '120.5', y2: '270.5' }]);
    expect(texts(svg)).toEqual(expect.arrayContaining(['Wireless ssid-&-1', 'Link ssid-&-1\nConnected\nssid-&-1\n1.50 Kilometers']));
    expect(elements(svg, 'a')[0]['xlink:href']).toBe('http://nb.test/wireless/wireless-links/3/');
  });

  it('ends at a site or provider network a circuit is attached to, under a dashed line', () => {
    const circuit: CircuitObject = { kind: 'circuit', node: { objectType: 'circuits.circuit', id: 9 }, name: 'CID-1', url: '/circuits/circuits/9/', type: 'Transit', typeColor: '', provider: 'Level3', description: 'backup' };
    const ctA = term('circuits.circuittermination', 'circuits/circuit-terminations', 41, 'CID-1: Termination A', circuit);
    const ctZ = term('circuits.circuittermination', 'circuits/circuit-terminations', 42, 'CID-1: Termination Z', circuit);
    const network: ProviderNetworkObject = { kind: 'provider-network', node: { objectType: 'circuits.providernetwork', id: 6 }, name: 'MPLS', url: '/circuits/provider-networks/6/', provider: 'Level3' };
    const svg = renderTraceSvg(drawing({ near: [e1], links: [cable(1, [e1], [ctA])], far: [ctA] }, { near: [ctZ], links: [], far: [network] }), options);
    wellFormed(svg);
    const attachment = elements(svg, 'line').filter((l) => l.class === 'attachment');
    expect(attachment).toHaveLength(1);
    expect(attachment[0].x1).toBe('200.5');
    expect(Number(attachment[0].y2) - Number(attachment[0].y1)).toBe(150);
    expect(texts(svg)).toEqual(expect.arrayContaining(['Circuit CID-1', 'Transit', 'Level3', 'backup', 'MPLS', 'CID-1: Termination Z']));
    // The provider network's box sits at the bottom, under the line.
    const last = elements(svg, 'rect').find((r) => elements(svg, 'a').length && r.style === 'fill: #e0e0e0' && Number(r.y) > Number(attachment[0].y1));
    expect(Number(last!.y)).toBe(Number(attachment[0].y2) - 0.5);
  });

  it('stops at a termination that is not connected, and draws nothing for an empty trace', () => {
    const svg = renderTraceSvg(drawing({ near: [e1], links: [], far: [] }), options);
    wellFormed(svg);
    expect(elements(svg, 'line')).toEqual([]);
    expect(texts(svg).filter((t) => !t.includes('{'))).toEqual(['r1', 'Acme X1', 'Berlin / Hall A / R1 (F-1) / Front / U10.0', 'e1']);
    expect(elements(svg, 'svg')[0].height).toBe('122.5');
    // A cable whose far end is unterminated: the path stops at the near end, as NetBox draws it.
    expect(elements(renderTraceSvg(drawing({ near: [e1], links: [cable(4, [e1], [])], far: [] }), options), 'line')).toEqual([]);
    const empty = renderTraceSvg({ origin: { objectType: 'dcim.interface', id: 1 }, segments: [] }, options);
    wellFormed(empty);
    expect(elements(empty, 'svg')[0]).toMatchObject({ width: '400', height: '2.5' });
  });

  it('shares the width it is given between boxes, and never writes a negative size', () => {
    const svg = renderTraceSvg(drawing({ near: [e1], links: [cable(1, [e1], [e2])], far: [e2] }), { width: 1000, baseUrl: '' });
    expect(elements(svg, 'rect')[0]).toMatchObject({ x: '0.5', width: '998' });
    expect(elements(svg, 'a')[0]['xlink:href']).toBe('/dcim/cables/1/');
    const narrow = renderTraceSvg(drawing({ near: [e1], links: [], far: [] }), { width: -5, baseUrl: '' });
    wellFormed(narrow);
    expect(elements(narrow, 'svg')[0].width).toBe('0');
    expect(elements(narrow, 'rect').every((r) => Number(r.width) >= 0)).toBe(true);
  });
});
