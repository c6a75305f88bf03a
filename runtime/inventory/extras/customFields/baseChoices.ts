/**
 * @module
 * The base choices a choice set may start from (NetBox's CustomFieldChoiceSetBaseChoices: IATA
 * airport codes, ISO 3166 country codes, UN/LOCODE location codes). NetBox ships these lists from
 * Python packages; no list is bundled here yet, so a set's base choices add nothing and only its
 * extra choices are offered (README "Behaviour and choices").
 */
const BASE_CHOICES: Record<string, readonly [string, string][]> = { IATA: [], ISO_3166: [], UN_LOCODE: [] };

export function baseChoices(name: string | null | undefined): readonly [string, string][] {
  return (name && BASE_CHOICES[name]) || [];
}
