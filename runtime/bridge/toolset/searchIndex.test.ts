import { describe, expect, it } from 'vitest';
import { SearchIndex, tokenize } from './searchIndex.ts';

describe('search index', () => {
  it('splits words at non-letters and camelCase, drops filler words, and singularizes', () => {
    expect(tokenize('getDeviceInfo /device/{deviceId}/bfd-sessions')).toEqual(['get', 'device', 'info', 'device', 'device', 'id', 'bfd', 'session']);
    expect(tokenize('The policies of the XMLParser')).toEqual(['policy', 'xml', 'parser']);
    expect(tokenize('status address')).toEqual(['status', 'address']);
  });

  const docs = [
    [{ text: 'get_bfd_sessions /device/bfd/sessions', weight: 2 }, { text: 'BFD sessions of a device', weight: 1 }],
    [{ text: 'post_bfd_doccount /statistics/bfd/doccount', weight: 2 }, { text: 'Count BFD statistics', weight: 1 }],
    [{ text: 'get_alarms /alarms', weight: 2 }, { text: 'Recent alarms', weight: 1 }],
    [{ text: 'get_device /device', weight: 2 }, { text: 'List devices', weight: 1 }],
  ];
  const index = new SearchIndex(docs);

  it('ranks documents by the query words they hold, weighted by field and rarity', () => {
    expect(index.search('bfd sessions').map((h) => h.doc)).toEqual([0, 1]);
    expect(index.search('alarms')[0].doc).toBe(2);
    expect(index.search('devices list')[0].doc).toBe(3);
    expect(index.search('nothing like it')).toEqual([]);
  });

  it('lets a word found nowhere match the words it begins, and filters', () => {
    expect(index.search('stat').map((h) => h.doc)).toEqual([1]);
    expect(index.search('al').map((h) => h.doc)).toEqual([]);
    expect(index.search('bfd', (doc) => doc !== 0).map((h) => h.doc)).toEqual([1]);
  });
});
