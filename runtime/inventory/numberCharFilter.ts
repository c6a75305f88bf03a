/**
 * @module
 * A NetBox CharFilter whose value names something by number (an interface's `vlan` and
 * `vlan_id`, on devices' and VMs' interfaces alike): it reads the last value, stripped; a blank
 * one filters nothing, one that is no whole number matches nothing (NetBox's query fails on it or
 * finds none). Its definition declares no `value` type (a CharFilter's is a string), so the method
 * filter kind hands the text over as given, and this is the one place it is read.
 */
import { isInteger } from '../kinds/index.ts';

/** `true`, `false`, or the condition on the number's text (bound by the caller as an integer). */
export function numberCharFilter(values: string[], condition: (number: string) => string): string {
  const value = values[values.length - 1].trim();
  if (!value) return 'true';
  return isInteger(value) ? condition(value) : 'false';
}
