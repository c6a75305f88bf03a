/**
 * End-to-end tests of rack reservations, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * NetBox 4.6's fields, brief and nested forms, display, the model's clean() messages (units
 * outside the rack, units reserved twice, none at all), every filter of its filterset, the
 * default order, and what deleting a rack or a user does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('dcim rack reservations on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const reserve = (body: Record<string, unknown>) => api.request('POST', '/api/dcim/rack-reservations/', { user: ids.alice, description: 'held', ...body });
  /** The descriptions of the reservations a filter lists, in the list's order. */
  const listed = async (query: string) => {
    const r = await api.request('GET', `/api/dcim/rack-reservations/?${query}`);
    if (r.status !== 200) throw new Error(`${query}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.results.map((o: { description: string }) => o.description);
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.alice = (await post('/api/users/users/', { username: 'alice', password: 'Alice-Password-1' })).id;
    ids.bob = (await post('/api/users/users/', { username: 'bob', password: 'Bob-Password-1' })).id;
    ids.region = (await post('/api/dcim/regions/', { name: 'Europe', slug: 'europe' })).id;
    ids.siteGroup = (await post('/api/dcim/site-groups/', { name: 'Prod', slug: 'prod' })).id;
    ids.paris = (await post('/api/dcim/sites/', { name: 'Paris', slug: 'paris', region: ids.region, group: ids.siteGroup })).id;
    ids.lyon = (await post('/api/dcim/sites/', { name: 'Lyon', slug: 'lyon' })).id;
    ids.hall = (await post('/api/dcim/locations/', { name: 'Hall', slug: 'hall', site: ids.paris })).id;
    ids.room = (await post('/api/dcim/locations/', { name: 'Room', slug: 'room', site: ids.paris, parent: ids.hall })).id;
    ids.rackGroup = (await post('/api/dcim/rack-groups/', { name: 'Row 1', slug: 'row-1' })).id;
    ids.tenant = (await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' })).id;
    ids.r1 = (await post('/api/dcim/racks/', { name: 'R1', facility_id: 'F-1', site: ids.paris, location: ids.room, group: ids.rackGroup, u_height: 42 })).id;
    ids.r2 = (await post('/api/dcim/racks/', { name: 'R2', site: ids.lyon, u_height: 10, starting_unit: 5 })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates a reservation with NetBox’s fields, display, brief and nested forms', async () => {
    const r = await reserve({ rack: ids.r1, units: [1, 2, 3], tenant: ids.tenant, description: 'Reservation #1' });
    expect(r.status).toBe(201);
    ids.first = r.body.id;
    expect(Object.keys(r.body)).toEqual([
      'id', 'url', 'display_url', 'display', 'rack', 'units', 'unit_count', 'status', 'created', 'last_updated', 'user', 'tenant', 'description', 'owner',
      'comments', 'tags', 'custom_fields',
    ]);
    expect(r.body).toMatchObject({
      url: `http://nb.test/api/dcim/rack-reservations/${ids.first}/`,
      display_url: `http://nb.test/dcim/rack-reservations/${ids.first}/`,
      display: 'Reservation for rack R1 (F-1)',
      rack: { id: ids.r1, url: `http://nb.test/api/dcim/racks/${ids.r1}/`, display: 'R1 (F-1)', name: 'R1', description: '' },
      units: [1, 2, 3],
      unit_count: 3,
      status: { value: 'active', label: 'Active' },
      user: { id: ids.alice, url: `http://nb.test/api/users/users/${ids.alice}/`, display: 'alice', username: 'alice' },
      tenant: { id: ids.tenant, name: 'Acme', slug: 'acme' },
      comments: '',
      tags: [],
      custom_fields: {},
    });
    expect(Object.keys(r.body.rack)).toEqual(['id', 'url', 'display', 'name', 'description']);
    const brief = await api.request('GET', `/api/dcim/rack-reservations/${ids.first}/?brief=1`);
    // NetBox's brief set, in the serializer's field order.
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'units', 'status', 'user', 'description']);
  }, SLOW);

  it('refuses units outside the rack, with NetBox’s message', async () => {
    const tooHigh = await reserve({ rack: ids.r1, units: [41, 42, 43, 44] });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body).toEqual({ units: ['Invalid unit(s) for 42U rack: 43, 44'] });
    // R2 has units 5 … 14.
    const belowStart = await reserve({ rack: ids.r2, units: [4, 5, 15] });
    expect(belowStart.body).toEqual({ units: ['Invalid unit(s) for 10U rack: 4, 15'] });
    const zero = await reserve({ rack: ids.r1, units: [0] });
    expect(zero.body).toEqual({ units: ['Invalid unit(s) for 42U rack: 0'] });
    const negative = await reserve({ rack: ids.r1, units: [-1] });
    expect(negative.status).toBe(400);
    expect(negative.body.units).toBeDefined();
    const none = await reserve({ rack: ids.r1, units: [] });
    expect(none.body).toEqual({ units: ['This field cannot be blank.'] });
    const missing = await api.request('POST', '/api/dcim/rack-reservations/', { rack: ids.r1, units: [20] });
    expect(missing.body).toEqual({ user: ['This field is required.'], description: ['This field is required.'] });
    const blank = await reserve({ rack: ids.r1, units: [20], description: '' });
    expect(blank.body).toEqual({ description: ['This field may not be blank.'] });
    expect((await api.request('GET', '/api/dcim/rack-reservations/')).body.count).toBe(1);
  }, SLOW);

  it('refuses units another reservation of the rack holds, but not its own on update', async () => {
    const overlap = await reserve({ rack: ids.r1, units: [3, 4, 1] });
    expect(overlap.status).toBe(400);
    expect(overlap.body).toEqual({ units: ['The following units have already been reserved: 3, 1'] });
    // The same units in another rack are free.
    const elsewhere = await reserve({ rack: ids.r2, units: [5, 6], user: ids.bob, status: 'pending', description: 'lyon pending' });
    expect(elsewhere.status).toBe(201);
    ids.lyon1 = elsewhere.body.id;
    // Its own units do not conflict with themselves.
    const grow = await api.request('PATCH', `/api/dcim/rack-reservations/${ids.first}/`, { units: [1, 2, 3, 4] });
    expect(grow.status).toBe(200);
    expect(grow.body).toMatchObject({ units: [1, 2, 3, 4], unit_count: 4 });
    // Moving it to a rack where the units are taken is refused too.
    const move = await api.request('PATCH', `/api/dcim/rack-reservations/${ids.lyon1}/`, { rack: ids.r1, units: [4, 5] });
    expect(move.body).toEqual({ units: ['The following units have already been reserved: 4'] });
  }, SLOW);

  it('refuses the later of two overlapping reservations of one bulk request, writing neither', async () => {
    const bulk = await api.request('POST', '/api/dcim/rack-reservations/', [
      { rack: ids.r1, units: [30, 31], user: ids.alice, description: 'a' },
      { rack: ids.r1, units: [31, 32], user: ids.alice, description: 'b' },
    ]);
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual([{}, { units: ['The following units have already been reserved: 31'] }]);
    expect((await api.request('GET', '/api/dcim/rack-reservations/?rack_id=' + ids.r1)).body.count).toBe(1);
    const fine = await api.request('POST', '/api/dcim/rack-reservations/', [
      { rack: ids.r1, units: [30, 31], user: ids.bob, description: 'Second', status: 'stale' },
      { rack: ids.r1, units: [40], user: ids.alice, description: 'Third' },
    ]);
    expect(fine.status).toBe(201);
    ids.second = fine.body[0].id;
    ids.third = fine.body[1].id;
  }, SLOW);

  it('lets one of two concurrent reservations of the same units through', async () => {
    const both = await Promise.all([reserve({ rack: ids.r1, units: [25, 26], description: 'race a' }), reserve({ rack: ids.r1, units: [26, 27], description: 'race b' })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(both.find((r) => r.status === 400)!.body).toEqual({ units: ['The following units have already been reserved: 26'] });
    const winner = both.find((r) => r.status === 201)!.body.id;
    expect((await api.request('DELETE', `/api/dcim/rack-reservations/${winner}/`)).status).toBe(204);
  }, SLOW);

  it('serves every filter of NetBox’s filterset, in the default order (created, id)', async () => {
    expect(await listed('')).toEqual(['Reservation #1', 'lyon pending', 'Second', 'Third']);
    expect(await listed('unit=31')).toEqual(['Second']);
    expect(await listed('unit=4&unit=40')).toEqual(['Third']);
    expect(await listed('unit__n=40')).toEqual(['Reservation #1', 'lyon pending', 'Second']);
    expect(await listed('unit__gte=30')).toEqual(['Second', 'Third']);
    expect(await listed('unit__empty=true')).toEqual([]);
    expect(await listed('unit_count_min=2&unit_count_max=3')).toEqual(['lyon pending', 'Second']);
    expect(await listed('unit_count_max=1')).toEqual(['Third']);
    expect(await listed('user=bob')).toEqual(['lyon pending', 'Second']);
    expect(await listed(`user_id=${ids.alice}`)).toEqual(['Reservation #1', 'Third']);
    expect(await listed('user__n=bob')).toEqual(['Reservation #1', 'Third']);
    expect(await listed(`rack_id=${ids.r2}`)).toEqual(['lyon pending']);
    expect(await listed('site=lyon')).toEqual(['lyon pending']);
    expect(await listed(`site_id=${ids.paris}`)).toEqual(['Reservation #1', 'Second', 'Third']);
    expect(await listed('region=europe')).toEqual(['Reservation #1', 'Second', 'Third']);
    expect(await listed(`site_group_id=${ids.siteGroup}`)).toEqual(['Reservation #1', 'Second', 'Third']);
    // A location matches its sublocations' racks.
    expect(await listed('location=hall')).toEqual(['Reservation #1', 'Second', 'Third']);
    expect(await listed(`location_id=${ids.room}`)).toEqual(['Reservation #1', 'Second', 'Third']);
    expect(await listed('group=row-1')).toEqual(['Reservation #1', 'Second', 'Third']);
    expect(await listed(`group_id=${ids.rackGroup}`)).toEqual(['Reservation #1', 'Second', 'Third']);
    expect(await listed('status=pending&status=stale')).toEqual(['lyon pending', 'Second']);
    expect(await listed('tenant=acme')).toEqual(['Reservation #1']);
    expect(await listed('description__ic=ird')).toEqual(['Third']);
    // q: the rack's name and facility id, the user's name, the description.
    expect(await listed('q=F-1')).toEqual(['Reservation #1', 'Second', 'Third']);
    expect(await listed('q=BOB')).toEqual(['lyon pending', 'Second']);
    expect(await listed('q=pend')).toEqual(['lyon pending']);
    expect(await listed('ordering=-unit_count')).toEqual(['Reservation #1', 'lyon pending', 'Second', 'Third']);
  }, SLOW);

  it('answers NetBox’s 400s for bad filter values', async () => {
    for (const query of ['unit=abc', 'unit_count_min=x']) {
      const r = await api.request('GET', `/api/dcim/rack-reservations/?${query}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ [query.split('=')[0]]: ['Enter a number.'] });
    }
    const user = await api.request('GET', '/api/dcim/rack-reservations/?user=nobody');
    expect(user.body).toEqual({ user: ['Select a valid choice. nobody is not one of the available choices.'] });
    const status = await api.request('GET', '/api/dcim/rack-reservations/?status=gone');
    expect(status.status).toBe(400);
  }, SLOW);

  it('checks custom field values (CustomFieldsMixin.clean())', async () => {
    const refused = (message: string) => ({ __all__: [message] });
    await post('/api/extras/custom-fields/', { name: 'cf_ticket', type: 'integer', unique: true, object_types: ['dcim.rackreservation'] });
    const invalid = await reserve({ rack: ids.r1, units: [20], custom_fields: { cf_ticket: 'many' } });
    expect(invalid.body).toEqual(refused("Invalid value for custom field 'cf_ticket': Value must be an integer."));
    expect((await api.request('PATCH', `/api/dcim/rack-reservations/${ids.third}/`, { custom_fields: { cf_ticket: 7 } })).status).toBe(200);
    const taken = await reserve({ rack: ids.r1, units: [20], custom_fields: { cf_ticket: 7 } });
    expect(taken.body).toEqual(refused("Custom field 'cf_ticket' must have a unique value."));
    await post('/api/extras/custom-fields/', { name: 'cf_owner', type: 'text', required: true, object_types: ['dcim.rackreservation'] });
    const untouched = await api.request('PATCH', `/api/dcim/rack-reservations/${ids.second}/`, {});
    expect(untouched.body).toEqual(refused("Missing required custom field 'cf_owner'."));
    const fresh = await reserve({ rack: ids.r1, units: [20] });
    expect(fresh.body).toEqual(refused("Invalid value for custom field 'cf_owner': Required field cannot be empty."));
    expect(await listed('')).toEqual(['Reservation #1', 'lyon pending', 'Second', 'Third']);
    for (const name of ['cf_ticket', 'cf_owner']) {
      const field = (await api.request('GET', `/api/extras/custom-fields/?name=${name}`)).body.results[0];
      expect((await api.request('DELETE', `/api/extras/custom-fields/${field.id}/`)).status).toBe(204);
    }
  }, SLOW);

  it('records changes against the rack, is protected by its user and goes with its rack', async () => {
    const changes = await api.request('GET', `/api/core/object-changes/?related_object_type=dcim.rack&related_object_id=${ids.r1}&changed_object_type=dcim.rackreservation&changed_object_id=${ids.third}`);
    expect(changes.body.results.map((c: { action: { value: string } }) => c.action.value)).toEqual(['update', 'create']);
    const protectedUser = await api.request('DELETE', `/api/users/users/${ids.bob}/`);
    expect(protectedUser.status).toBe(409);
    const rack = await api.request('DELETE', `/api/dcim/racks/${ids.r2}/`);
    expect(rack.status).toBe(204);
    expect(await listed('')).toEqual(['Reservation #1', 'Second', 'Third']);
  }, SLOW);
});
