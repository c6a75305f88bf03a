/**
 * End-to-end tests of image attachments, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: a
 * real PNG uploaded as multipart/form-data (as pynetbox and curl send it), stored under MEDIA_ROOT
 * with NetBox's name, its size read from the file, served back at its `image` URL and removed when
 * the attachment or its parent device is deleted; NetBox's refusals (not an image, no file, a JSON
 * string, a missing parent, a type without image attachments); filters, brief form and permissions.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { png } from '../../../testing/images.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('image attachments on $name', (database) => {
  let api: TestClient;
  let media: string;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const upload = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }, headers: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('image', new Blob([new Uint8Array(file.bytes)]), file.name);
    return api.raw('POST', '/api/extras/image-attachments/', form, headers);
  };
  const files = () => (existsSync(join(media, 'image-attachments')) ? readdirSync(join(media, 'image-attachments')).sort() : []);

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'nb-media-'));
    api = await bootTestApp(await database.open(), { MEDIA_ROOT: media });
    const site = await post('/api/dcim/sites/', { name: 'Alpha', slug: 'alpha' });
    const manufacturer = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'X1', slug: 'x1' });
    const role = await post('/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf' });
    const [d1, d2] = await post('/api/dcim/devices/', [{ name: 'd1', device_type: type.id, role: role.id, site: site.id }, { name: 'd2', device_type: type.id, role: role.id, site: site.id }]);
    Object.assign(ids, { site: site.id, d1: d1.id, d2: d2.id, manufacturer: manufacturer.id });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it("uploads a PNG as multipart, with NetBox's fields, name, size and URL, and serves the file", async () => {
    const bytes = png(3, 2);
    const r = await upload({ object_type: 'dcim.device', object_id: String(ids.d1), description: 'Front' }, { bytes, name: '../../etc/Rack photo!.PNG' });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'parent', 'name', 'image', 'description', 'image_height', 'image_width', 'image_size', 'created', 'last_updated']);
    expect(r.body).toMatchObject({
      object_type: 'dcim.device', object_id: ids.d1, parent: { id: ids.d1, name: 'd1' }, name: '', description: 'Front',
      image: `http://nb.test/media/image-attachments/device_${ids.d1}_Rack_photo.png`, image_width: 3, image_height: 2, image_size: bytes.length,
      display: 'Rack_photo.png',
    });
    ids.a1 = r.body.id;
    expect(files()).toEqual([`device_${ids.d1}_Rack_photo.png`]);
    const served = await api.raw('GET', `/media/image-attachments/device_${ids.d1}_Rack_photo.png`, undefined as unknown as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await api.raw('GET', '/media/..%2F..%2Fetc%2Fpasswd', undefined as unknown as string)).status).toBe(404);
    // The same name again: a suffix, never an overwrite.
    const again = await upload({ object_type: 'dcim.device', object_id: String(ids.d1), name: 'Rack photo' }, { bytes: png(1, 1), name: 'x.png' });
    expect(again.status).toBe(201);
    expect(again.body.display).toBe('Rack photo');
    expect(files()).toHaveLength(2);
    ids.a2 = again.body.id;
    const brief = await api.request('GET', `/api/extras/image-attachments/${ids.a1}/?brief=true`);
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'name', 'image', 'description']);
  });

  it('replaces the image with a multipart PATCH, and edits the rest as JSON', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png(5, 4))]), 'bigger.png');
    const replaced = await api.raw('PATCH', `/api/extras/image-attachments/${ids.a2}/`, form);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ image_width: 5, image_height: 4, name: 'Rack photo' });
    expect(replaced.body.image).toMatch(/\/media\/image-attachments\/device_\d+_Rack_photo_[A-Za-z0-9]{7}\.png$/);
    const renamed = await api.request('PATCH', `/api/extras/image-attachments/${ids.a2}/`, { description: 'Side' });
    expect(renamed.body).toMatchObject({ description: 'Side', image: replaced.body.image, image_width: 5 });
  });

  it('filters and orders', async () => {
    const list = async (q: string) => (await api.request('GET', `/api/extras/image-attachments/?${q}`)).body.results.map((a: { id: number }) => a.id);
    expect(await list('')).toEqual([ids.a1, ids.a2]); // ordering: name, then id ('' first)
    expect(await list('name=Rack photo')).toEqual([ids.a2]);
    expect(await list('image_width__gte=2')).toEqual([ids.a1, ids.a2]);
    expect(await list('image_width=5')).toEqual([ids.a2]);
    expect(await list(`object_type=dcim.device&object_id=${ids.d1}`)).toEqual([ids.a1, ids.a2]);
    expect(await list('object_type=dcim.site')).toEqual([]);
    expect(await list('q=front')).toEqual([ids.a1]);
    expect(await list('q=side')).toEqual([ids.a2]);
    // The stored file names of both start device_<id>_Rack_photo (the second with a suffix).
    expect(await list('q=Rack_photo')).toEqual([ids.a1, ids.a2]);
    expect(await list('q=nothing')).toEqual([]);
  });

  it("refuses NetBox's bad input, with nothing written or stored", async () => {
    const before = files();
    const device = { object_type: 'dcim.device', object_id: String(ids.d2) };
    expect(await upload(device, { bytes: new TextEncoder().encode('not an image'), name: 'x.png' })).toMatchObject({ status: 400, body: { image: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] } });
    expect(await upload(device)).toMatchObject({ status: 400, body: { image: ['No file was submitted.'] } });
    expect(await api.request('POST', '/api/extras/image-attachments/', { ...device, object_id: ids.d2, image: 'x.png' })).toMatchObject({ status: 400, body: { image: ['The submitted data was not a file. Check the encoding type on the form.'] } });
    expect(await upload({ object_type: 'dcim.device', object_id: '999999' }, { bytes: png(1, 1), name: 'x.png' })).toMatchObject({ status: 400, body: { non_field_errors: ['Invalid parent object: DCIM > Device ID 999999'] } });
    const refused = await upload({ object_type: 'dcim.manufacturer', object_id: String(ids.manufacturer) }, { bytes: png(1, 1), name: 'x.png' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Image attachments cannot be assigned to this object type (DCIM > Manufacturer).');
    expect(files()).toEqual(before);
    expect((await api.request('GET', '/api/extras/image-attachments/')).body.count).toBe(2);
  });

  it('needs the add permission', async () => {
    const user = await post('/api/users/users/', { username: 'viewer', password: 'Viewer-pass-1' });
    await post('/api/users/permissions/', { name: 'view attachments', users: [user.id], object_types: ['extras.imageattachment'], actions: ['view'] });
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'viewer', password: 'Viewer-pass-1' }, { Authorization: '' });
    const viewer = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    expect((await api.request('GET', '/api/extras/image-attachments/', undefined, viewer)).body.count).toBe(2);
    const r = await upload({ object_type: 'dcim.device', object_id: String(ids.d2) }, { bytes: png(1, 1), name: 'y.png' }, viewer);
    expect(r.status).toBe(403);
    // The file, as NetBox's MediaView serves it: to a caller who may view the attachment; else 404 (403 without a login).
    const file = `/media/image-attachments/device_${ids.d1}_Rack_photo.png`;
    expect((await api.raw('GET', file, undefined as unknown as string, viewer)).status).toBe(200);
    await post('/api/users/users/', { username: 'stranger', password: 'Stranger-pass-1' });
    const other = await api.request('POST', '/api/users/tokens/provision/', { username: 'stranger', password: 'Stranger-pass-1' }, { Authorization: '' });
    expect((await api.raw('GET', file, undefined as unknown as string, { Authorization: `Token nbt_${other.body.key}.${other.body.token}` })).status).toBe(404);
    expect((await api.raw('GET', file, undefined as unknown as string, { Authorization: '' })).status).toBe(403);
    expect((await api.raw('GET', `/media/image-attachments/../image-attachments/device_${ids.d1}_Rack_photo.png`, undefined as unknown as string)).status).toBe(200);
  });

  it('removes the file with the attachment, and with its parent device', async () => {
    const r = await upload({ object_type: 'dcim.device', object_id: String(ids.d2) }, { bytes: png(2, 2), name: 'd2.png' });
    expect(r.status).toBe(201);
    expect(files()).toContain(`device_${ids.d2}_d2.png`);
    expect((await api.request('DELETE', `/api/extras/image-attachments/${ids.a2}/`)).status).toBe(204);
    expect(files()).toHaveLength(2);
    expect((await api.request('DELETE', `/api/dcim/devices/${ids.d2}/`)).status).toBe(204);
    expect(files()).toEqual([`device_${ids.d1}_Rack_photo.png`]);
    expect((await api.request('GET', `/api/extras/image-attachments/?object_id=${ids.d2}`)).body.count).toBe(0);
  });
});
