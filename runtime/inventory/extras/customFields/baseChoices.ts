/**
 * @module
 * The base choices a choice set may start from (NetBox's CustomFieldChoiceSetBaseChoices: IATA
 * airport codes, ISO 3166 country codes, UN/LOCODE location codes). ISO 3166-1 alpha-2 codes come
 * from the `country-list` package (ISO's English short names as labels; NetBox reads pycountry,
 * whose labels are worded slightly differently). No package carries the IATA and UN/LOCODE lists,
 * so those sets add nothing and only a set's extra choices are offered (README "Behaviour and choices").
 */
import { createRequire } from 'node:module';

const countries = createRequire(import.meta.url)('country-list/data.json') as { code: string; name: string }[];

const BASE_CHOICES: Record<string, readonly [string, string][]> = {
  IATA: [],
  ISO_3166: countries.map(({ code, name }) => [code, name] as [string, string]),
  UN_LOCODE: [],
};

export function baseChoices(name: string | null | undefined): readonly [string, string][] {
  return (name && BASE_CHOICES[name]) || [];
}
