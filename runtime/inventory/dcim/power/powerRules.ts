/**
 * @module
 * Rules of power panels and power feeds (NetBox's PowerPanel and PowerFeed clean() and save()):
 * - a panel's location lies in the panel's site;
 * - a feed's voltage is not 0 (its ExclusionValidator), it is not marked connected with a cable
 *   attached (CabledObjectModel.clean()), its rack lies in its panel's site, and an AC feed's
 *   voltage is not negative — the first failing check per feed, in NetBox's order;
 * - before each write, a feed's `available_power` is |voltage| × amperage × max utilization %,
 *   × 1.732 for three-phase, rounded half to even as Python's round(); both keep `_name`, the
 *   natural order of the name.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { refuseMarkedWithCable } from '../components/componentRules.ts';
import { fillNaturalNames } from '../shared/naturalOrdering.ts';
import { rowsById, tableOf } from '../shared/rows.ts';

const num = (value: unknown) => Number(value);

async function cleanPanels(batch: WriteBatch): Promise<void> {
  const { tx, items } = batch;
  const withLocation = items.filter((i) => i.value('location_id') !== null && i.value('location_id') !== undefined);
  if (!withLocation.length) return;
  const locations = await rowsById(tx, tableOf(batch, 'dcim.locations'), withLocation.map((i) => i.value('location_id')), 't.name, t.site_id, s.name AS site_name', `JOIN ${tableOf(batch, 'dcim.sites')} s ON s.id = t.site_id`);
  const sites = await rowsById(tx, tableOf(batch, 'dcim.sites'), withLocation.map((i) => i.value('site_id')), 't.name');
  for (const item of withLocation) {
    const location = locations.get(num(item.value('location_id')));
    if (!location || num(location.site_id) === num(item.value('site_id'))) continue;
    item.error('__all__', `Location ${location.name} (${location.site_name}) is in a different site than ${sites.get(num(item.value('site_id')))?.name}`);
  }
}

async function cleanFeeds(batch: WriteBatch): Promise<void> {
  const { tx, items } = batch;
  const panels = await rowsById(tx, tableOf(batch, 'dcim.power-panels'), items.map((i) => i.value('power_panel_id')), 't.name, t.site_id, s.name AS site_name', `JOIN ${tableOf(batch, 'dcim.sites')} s ON s.id = t.site_id`);
  const racks = await rowsById(tx, tableOf(batch, 'dcim.racks'), items.map((i) => i.value('rack_id')), 't.site_id, s.name AS site_name', `JOIN ${tableOf(batch, 'dcim.sites')} s ON s.id = t.site_id`);
  const rackIds = [...racks.keys()];
  const rackNames = rackIds.length ? await batch.displays('dcim.racks', rackIds) : new Map<number, string>();
  for (const item of items) {
    const voltage = num(item.value('voltage'));
    if (voltage === 0) {
      item.error('voltage', 'This value may not be [0].');
      continue;
    }
    if (refuseMarkedWithCable(item)) continue;
    const panel = panels.get(num(item.value('power_panel_id')));
    const rack = racks.get(num(item.value('rack_id')));
    if (panel && rack && num(rack.site_id) !== num(panel.site_id)) {
      item.error('__all__', `Rack ${rackNames.get(Number(rack.id))} (${rack.site_name}) and power panel ${panel.name} (${panel.site_name}) are in different sites.`);
    } else if (voltage < 0 && item.value('supply') === 'ac') {
      item.error('voltage', 'Voltage cannot be negative for AC supply');
    }
  }
}

/** Python's round() of a non-negative float: halves go to the even neighbour. */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const rest = x - floor;
  if (rest > 0.5) return floor + 1;
  if (rest < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** PowerFeed.save()'s available power, in VA, computed as NetBox computes it (float arithmetic, in its order). */
export function availablePower(voltage: number, amperage: number, maxUtilization: number, phase: unknown): number {
  const kva = Math.abs(voltage) * amperage * (maxUtilization / 100);
  return roundHalfEven(phase === 'three-phase' ? kva * 1.732 : kva);
}

export const powerPanelRules: ModelRules = {
  clean: cleanPanels,
  async beforeSave(batch) {
    fillNaturalNames(batch);
  },
};

export const powerFeedRules: ModelRules = {
  clean: cleanFeeds,
  async beforeSave(batch) {
    fillNaturalNames(batch);
    for (const item of batch.items) {
      item.columns.available_power = availablePower(num(item.value('voltage')), num(item.value('amperage')), num(item.value('max_utilization')), item.value('phase'));
    }
  },
};
