/**
 * @module
 * `GET /api/dcim/racks/{id}/elevation/` (handler `rack-elevation`, NetBox's
 * RackViewSet.elevation). With `render=svg`, the drawing of one face (svg.ts) as
 * `image/svg+xml`. Otherwise the rack's units on that face as a page of NetBox's RackUnits,
 * `{id, name, face, device, occupied, display, description}`, with the standard envelope
 * (`limit`/`offset`, `next`/`previous`): `exclude` leaves a device out, `expand_devices=false`
 * shows a device on its lowest unit only, `q` keeps the units whose id or name holds the text
 * (case-insensitively). A device the caller may not view leaves its units occupied with no
 * device. As in NetBox, `brief`, `fields` and `omit` change nothing here, a drawing shows every
 * device (those the caller may not view as blocked space) and leaves no device out, and its
 * reservations margin is 15 pixels wide whatever `margin_width` says. `highlight=<lookup>:<value>`
 * (repeatable, ORed; `role__slug:core`, `name__icontains:web`… as a queryset filter takes them) shades
 * the visible devices it does not match, when it matches some; one naming no field matches none
 * (NetBox's FieldError), one without `:` is ignored (NetBox fails on it), and only the first 20
 * count. The cursor mode (`start`), with which NetBox fails on a list, is ignored.
 */
import type { Context } from 'hono';
import { pageLinks, parsePage, type OperationArgs, type OperationHandler } from '../../../rest/index.ts';
import { loadDevices, loadRack, loadReservations, visibleDevices, type ElevationDevice, type RackRow } from './load.ts';
import { DEFAULTS, parseElevationQuery, type ElevationQuery } from './params.ts';
import { renderElevationSvg } from './svg.ts';
import { rackUnits, type RackUnit } from './units.ts';

const FACE_LABELS = { front: 'Front', rear: 'Rear' } as const;

/**
 * Units whose id or name holds `q`, as NetBox compares them: the name lower-cased, the id as
 * Python prints the Decimal it counted with (`42.0`, `42.5`; the first unit of a descending rack
 * is `1`, its starting value).
 */
function matching(rack: RackRow, units: RackUnit<ElevationDevice>[], q: string | null): RackUnit<ElevationDevice>[] {
  if (q === null) return units;
  const needle = q.toLowerCase();
  const idText = (u: RackUnit) => (rack.descUnits && u.id === rack.startingUnit ? String(u.id) : Number.isInteger(u.id) ? u.id.toFixed(1) : String(u.id));
  return units.filter((u) => idText(u).includes(needle) || u.name.toLowerCase().includes(needle));
}

async function json(c: Context, args: OperationArgs, rack: RackRow, url: URL, query: ElevationQuery): Promise<Response> {
  const devices = (await loadDevices(args, args.db, rack.id)).filter((d) => d.id !== query.exclude);
  const visible = await visibleDevices(args, args.db, devices);
  const units = matching(rack, rackUnits(rack, devices, query.face, query.expandDevices, (d) => visible.has(d.id)), query.q);
  const params = new URLSearchParams(url.searchParams);
  params.delete('start');
  const page = parsePage(params);
  const offset = page.mode === 'offset' ? page.offset : 0;
  const shown = units.slice(offset, offset + page.limit);
  // The devices of the page in their nested form, rendered by the engine in one query.
  const ids = [...new Set(shown.flatMap((u) => (u.device ? [u.device.id] : [])))];
  const devicesResource = args.rest.registry.resource('dcim.devices');
  const nested = new Map<number, Record<string, unknown>>();
  if (ids.length) {
    const { bodies } = await args.rest.render(args.db, devicesResource, ids, args.ctx, new URLSearchParams({ fields: devicesResource.nested.join(',') }), 'GET');
    for (const body of bodies) nested.set(Number(body.id), body);
  }
  const results = shown.map((u) => {
    const device = u.device ? (nested.get(u.device.id) ?? null) : null;
    return { id: u.id, name: u.name, face: { value: u.face, label: FACE_LABELS[u.face] }, device, occupied: u.occupied, display: u.name, description: device ? String(device.display) : null };
  });
  return c.json({ ...pageLinks(url, { mode: 'offset', limit: page.limit, offset }, shown.length, units.length), results });
}

/** NetBox's highlight parameters, `<lookup>:<value>`, as lookups ORed: the first 20 given. */
function highlightSets(url: URL): Record<string, string>[] {
  return url.searchParams
    .getAll('highlight')
    .filter((param) => param.includes(':'))
    .slice(0, 20)
    .map((param) => ({ [param.slice(0, param.indexOf(':'))]: param.slice(param.indexOf(':') + 1) }));
}

async function svg(c: Context, args: OperationArgs, rack: RackRow, url: URL, query: ElevationQuery): Promise<Response> {
  const devices = await loadDevices(args, args.db, rack.id);
  const [visible, reservations] = [await visibleDevices(args, args.db, devices), await loadReservations(args, args.db, rack.id)];
  const sets = highlightSets(url);
  const highlighted = sets.length ? await args.rest.matching(args.db, args.rest.registry.resource('dcim.devices'), [...visible], sets) : undefined;
  const drawing = renderElevationSvg(rack, devices, reservations, visible, {
    face: query.face,
    unitWidth: query.unitWidth,
    unitHeight: query.unitHeight,
    legendWidth: query.legendWidth,
    marginWidth: DEFAULTS.marginWidth,
    includeImages: query.includeImages,
    baseUrl: url.origin,
    highlighted,
  });
  return c.body(drawing, 200, { 'Content-Type': 'image/svg+xml' });
}

export const rackElevation: OperationHandler = async (c, args) => {
  const url = new URL(c.req.url);
  // NetBox finds the rack (404) before it reads the query (400).
  const rack = await loadRack(c, args, args.db);
  const query = parseElevationQuery(url.searchParams);
  return query.render === 'svg' ? svg(c, args, rack, url, query) : json(c, args, rack, url, query);
};
