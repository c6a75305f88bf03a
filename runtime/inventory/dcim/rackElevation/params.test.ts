import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../rest/index.ts';
import { parseElevationQuery } from './params.ts';

const parse = (query: string) => parseElevationQuery(new URLSearchParams(query));
const errors = (query: string) => {
  try {
    parse(query);
  } catch (error) {
    return (error as ApiError).body;
  }
  throw new Error('accepted');
};

describe('the elevation query (RackElevationDetailFilterSerializer)', () => {
  it('takes NetBox’s defaults for fields left out or empty', () => {
    const defaults = { q: null, face: 'front', render: 'json', unitWidth: 220, unitHeight: 22, legendWidth: 30, marginWidth: 15, exclude: null, expandDevices: true, includeImages: true };
    expect(parse('')).toEqual(defaults);
    expect(parse('face=&unit_width=&expand_devices=')).toEqual(defaults);
  });

  it('reads the last value of each field as DRF does', () => {
    expect(parse('face=front&face=rear&unit_height=5.0&legend_width=+7&exclude=3&expand_devices=off&include_images=Y&q=%20U4%20')).toMatchObject({
      face: 'rear', unitHeight: 5, legendWidth: 7, exclude: 3, expandDevices: false, includeImages: true, q: 'U4',
    });
  });

  it('refuses bad values with DRF’s messages', () => {
    expect(errors('face=up&unit_height=1.5&include_images=2&legend_width=9999999999&margin_width=-9999999999')).toEqual({
      face: ['"up" is not a valid choice.'],
      unit_height: ['A valid integer is required.'],
      legend_width: ['Ensure this value is less than or equal to 2147483647.'],
      margin_width: ['Ensure this value is greater than or equal to -2147483648.'],
      include_images: ['Must be a valid boolean.'],
    });
    expect(errors(`unit_width=${'1'.repeat(1001)}`)).toEqual({ unit_width: ['String value too large.'] });
    expect(errors('q=a%00b')).toEqual({ q: ['Null characters are not allowed.'] });
  });
});
