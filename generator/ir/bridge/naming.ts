/**
 * @module
 * How controller tags and paths become tool and action names. Names come from the tag
 * (`Section - Subtag`), the HTTP method and the path, never from operationIds: the vendor renames
 * those between releases, and a client's saved calls must keep working.
 */
import { createHash } from 'node:crypto';

/** Clients reject longer tool names (OpenAI function names, several MCP hosts). */
export const MAX_TOOL_NAME = 64;

/** `Feature Profile (SDWAN)` → `feature_profile_sdwan`; `Real-Time Monitoring` → `real_time_monitoring`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** `Monitoring - BFD` → section `Monitoring`, subtag `BFD`; a tag without ` - ` is its own subtag. */
export function splitTag(tag: string): { section: string; subtag: string } {
  const at = tag.indexOf(' - ');
  if (at < 0) return { section: tag.trim(), subtag: tag.trim() };
  return { section: tag.slice(0, at).trim(), subtag: tag.slice(at + 3).trim() };
}

/** `Monitoring - BFD` → `monitoring_bfd`; `Monitoring - Monitoring` and `Monitoring` → `monitoring`. */
export function tagToolName(tag: string): string {
  const { section, subtag } = splitTag(tag);
  const a = slug(section) || 'untagged';
  const b = slug(subtag);
  return !b || b === a ? a : `${a}_${b}`;
}

/** `Monitoring - BFD` → `Monitoring / BFD`. */
export function tagTitle(tag: string): string {
  const { section, subtag } = splitTag(tag);
  return section === subtag ? section : `${section} / ${subtag}`;
}

/** Path segments that name things: the REST base prefix and `{templated}` segments dropped. */
export function pathSegments(path: string): string[] {
  return path
    .replace(/^\/dataservice(?=\/|$)/, '')
    .split('/')
    .filter((s) => s && !/^\{.*\}$/.test(s));
}

/**
 * `<method>_<subtag>_<last path segment>`; the last part is left out when it repeats the subtag.
 * POST /statistics/bfd/doccount under `Monitoring - BFD` → `post_bfd_doccount`.
 */
export function actionBaseName(method: string, path: string, tag: string): string {
  const topic = slug(splitTag(tag).subtag) || 'untagged';
  const segments = pathSegments(path);
  const last = slug(segments[segments.length - 1] ?? '') || 'root';
  return last === topic ? `${method.toLowerCase()}_${topic}` : `${method.toLowerCase()}_${topic}_${last}`;
}

/** Keeps a name within `max` characters: a long name keeps its head and gains a hash of the whole. */
export function limitName(name: string, max = MAX_TOOL_NAME): string {
  if (name.length <= max) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, max - hash.length - 1).replace(/_+$/, '')}_${hash}`;
}

/** `name`, or `name_2`, `name_3`… whichever is free, never longer than `max`; records the choice. */
export function uniqueName(name: string, used: Set<string>, max = Number.POSITIVE_INFINITY): string {
  let candidate = name.length > max ? limitName(name, max) : name;
  for (let n = 2; used.has(candidate); n++) {
    const suffix = `_${n}`;
    candidate = `${name.length + suffix.length > max ? limitName(name, max - suffix.length) : name}${suffix}`;
  }
  used.add(candidate);
  return candidate;
}
