/**
 * @module
 * `GET /api/dcim/connected-device/?peer_device=<name>&peer_interface=<name>` (NetBox's
 * ConnectedDeviceViewSet): the device at the far end of the peer interface's stored path, when
 * that end is an interface, in full (DeviceSerializer). Both parameters are required (400, NetBox's
 * words); a peer device or interface the caller may not view or that does not exist, or a path
 * that ends elsewhere or nowhere, is a 404. Where several devices share the name (NetBox fails on
 * them), the first by id is the peer.
 */
import { ApiError, notFound, type OperationHandler } from '../../../rest/index.ts';
import { sqlIdentifier as quote } from '../../../kinds/index.ts';
import { parseNode } from './nodes.ts';
import { storedPathOf } from './store.ts';

export const connectedDevice: OperationHandler = async (c, args) => {
  const url = new URL(c.req.url);
  const [deviceName, interfaceName] = [url.searchParams.get('peer_device'), url.searchParams.get('peer_interface')];
  if (!deviceName || !interfaceName) throw new ApiError(400, { detail: 'Request must include "peer_device" and "peer_interface" filters.' });
  const registry = args.rest.registry;
  const [devices, interfaces] = [registry.resource('dcim.devices'), registry.resource('dcim.interfaces')];
  const viewable = async (resource: typeof devices, ids: number[]) => [...(await args.rest.permitted(args.db, resource, ids, args.ctx, 'view'))].sort((a, b) => a - b);

  const candidates = (await args.db.query<{ id: number }>(`SELECT id FROM ${quote(devices.table)} WHERE name = $1 ORDER BY id`, [deviceName])).map((r) => Number(r.id));
  const [peerDevice] = await viewable(devices, candidates);
  if (peerDevice === undefined) throw notFound(devices.model);
  const named = (await args.db.query<{ id: number }>(`SELECT id FROM ${quote(interfaces.table)} WHERE device_id = $1 AND name = $2`, [peerDevice, interfaceName])).map((r) => Number(r.id));
  const [peerInterface] = await viewable(interfaces, named);
  if (peerInterface === undefined) throw notFound(interfaces.model);

  const path = await storedPathOf(args.db, interfaces.table, peerInterface);
  const far = path?.is_complete ? path.path[path.path.length - 1].map(parseNode) : [];
  if (far[0]?.objectType !== interfaces.objectType) throw notFound();
  const [row] = await args.db.query<{ device_id: number }>(`SELECT device_id FROM ${quote(interfaces.table)} WHERE id = $1`, [far[0].id]);
  const [device] = row ? await viewable(devices, [Number(row.device_id)]) : [];
  if (device === undefined) throw notFound(devices.model);
  const { bodies } = await args.rest.render(args.db, devices, [device], args.ctx, url.searchParams, 'GET');
  return c.json(bodies[0]);
};
