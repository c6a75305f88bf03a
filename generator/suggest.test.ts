/**
 * @module
 * The spelling suggestions: distances of the usual typos, the cut-off that keeps unrelated names
 * out, and a deterministic choice between equally near names.
 */
import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from './suggest.ts';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps as one edit each', () => {
    expect(editDistance('location', 'locations')).toBe(1);
    expect(editDistance('locations', 'location')).toBe(1);
    expect(editDistance('slug', 'slag')).toBe(1);
    expect(editDistance('max_lenght', 'max_length')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('closest', () => {
  it('finds the nearest known name', () => {
    expect(closest('max_lenght', ['max_length', 'min_value', 'max_value'])).toBe('max_length');
    expect(closest('dcim.location', ['dcim.locations', 'dcim.sites', 'dcim.racks'])).toBe('dcim.locations');
    expect(closest('netbox_model', ['netbox-model', 'organizational'])).toBe('netbox-model');
  });

  it('prefers a name that differs only in case', () => {
    expect(closest('statuschoices', ['StatusChoices', 'statuschoice'])).toBe('StatusChoices');
  });

  it('suggests nothing when every name is too far to be a typo', () => {
    expect(closest('colour', ['name', 'slug'])).toBeUndefined();
    expect(closest('ab', ['xy'])).toBeUndefined();
    expect(closest('x', [])).toBeUndefined();
  });

  it('breaks a tie alphabetically, whatever the order of the candidates', () => {
    expect(closest('cat', ['cut', 'bat'])).toBe('bat');
    expect(closest('cat', ['bat', 'cut'])).toBe('bat');
  });
});

describe('didYouMean', () => {
  it('formats the suggestion to append to a message, or nothing', () => {
    expect(didYouMean('max_lenght', ['max_length'])).toBe('; did you mean "max_length"?');
    expect(didYouMean('zzz', ['max_length'])).toBe('');
  });
});
