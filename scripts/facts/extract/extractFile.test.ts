/**
 * The checked-in extract: laid out a fact per line, and — whenever NetBox's reference folder is
 * here — exactly what the reference makes (CI's clean clone has no reference and skips this;
 * `npm run facts` checks the same and says how to rebuild).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findReference, referenceCandidates } from '../reference.ts';
import type { Extract } from '../types.ts';
import { buildExtract } from './buildExtract.ts';
import { EXTRACT_PATH, formatExtract, readExtract } from './extractFile.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const reference = findReference(referenceCandidates(root, undefined, process.env.NETBOX_REFERENCE || undefined));

describe('the extract file', () => {
  it('puts each field, relation, filter and choice set on a line of its own', () => {
    const extract: Extract = {
      format: 1,
      source: 'test',
      endpoints: { '/api/a/b/': { model: 'B', serializer: 'BSerializer', kind: 'CRUD+bulk' } },
      serializers: { BSerializer: { model: 'B', app: 'a', brief: ['id'], fields: { id: { req: 'ro', type: '' } } } },
      models: { 'a.B': { bases: ['X'], relations: {}, unique: [{ fields: ['a', 'b'] }], rules: [] } },
      filters: { '/api/a/b/': { id: { kind: 'number', lookups: ['n', 'lt'] } } },
      choices: { C: [['x', 'X'], [1, 'One']] },
    };
    expect(formatExtract(extract)).toBe(`{
  "format": 1,
  "source": "test",
  "endpoints": {
    "/api/a/b/": {"model":"B","serializer":"BSerializer","kind":"CRUD+bulk"}
  },
  "serializers": {
    "BSerializer": {
      "model": "B",
      "app": "a",
      "brief": ["id"],
      "fields": {
        "id": {"req":"ro","type":""}
      }
    }
  },
  "models": {
    "a.B": {
      "bases": ["X"],
      "relations": {},
      "unique": [
        {"fields":["a","b"]}
      ],
      "rules": []
    }
  },
  "filters": {
    "/api/a/b/": {
      "id": {"kind":"number","lookups":["n","lt"]}
    }
  },
  "choices": {
    "C": [["x","X"],[1,"One"]]
  }
}
`);
  });

  it.skipIf(!reference)('is what the reference folder makes (npm run facts -- --extract rebuilds it)', () => {
    expect(readFileSync(EXTRACT_PATH, 'utf8')).toBe(formatExtract(buildExtract(reference!)));
  });

  it('holds every endpoint, serializer, model, filterset and choice set the check reads', () => {
    const extract = readExtract();
    expect(extract.endpoints['/api/dcim/devices/']).toMatchObject({ model: 'Device', serializer: 'DeviceWithConfigContextSerializer' });
    expect(extract.serializers.TenantSerializer!.fields.group).toMatchObject({ req: 'opt', nullable: true, default: null });
    expect(extract.models['tenancy.Tenant']!.relations.group).toMatchObject({ onDelete: 'SET_NULL' });
    expect(extract.filters['/api/dcim/sites/']!.region).toMatchObject({ kind: 'tree_slug', to: 'slug' });
    expect(extract.choices.JobIntervalChoices!.map(([value]) => value)).toContain(720);
  });
});
