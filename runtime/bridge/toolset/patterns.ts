/**
 * @module
 * Tool patterns of `sdwan.tools.include` and `sdwan.tools.exclude`: `area` or `area/topic`, where the
 * area is a tag's section and the topic its subtag, both as tool names spell them
 * (`Monitoring - BFD` → `monitoring/bfd`), with the globs `*` (any run of characters) and `?` (one).
 * A pattern without `/` also matches a whole tool name, so `monitoring_bfd` or a split part such as
 * `configuration_feature_profile_sdwan_*` can be named too. Matching ignores case.
 */

/** What a pattern may contain: the characters of tool names, globs, and one `/`. */
export const PATTERN_SYNTAX = /^[a-z0-9_*?]+(\/[a-z0-9_*?]+)?$/;

export interface ToolPattern {
  /** As written (lower-cased). */
  text: string;
  area: RegExp;
  /** null: the pattern has no `/` and matches the area or the whole tool name. */
  topic: RegExp | null;
}

export interface PatternTarget {
  name: string;
  area: string;
  topic: string;
}

/** The syntax leaves no character special to regular expressions but the globs themselves. */
function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
}

/** Lower-cases and trims; null when the text is not a pattern (see PATTERN_SYNTAX). */
export function normalizePattern(text: string): string | null {
  const normalized = text.trim().toLowerCase();
  return PATTERN_SYNTAX.test(normalized) ? normalized : null;
}

export function parsePattern(text: string): ToolPattern {
  const normalized = normalizePattern(text);
  if (normalized === null) throw new Error(`"${text}" is not a tool pattern`);
  const [area, topic] = normalized.split('/');
  return { text: normalized, area: globToRegExp(area), topic: topic === undefined ? null : globToRegExp(topic) };
}

export function matchesPattern(pattern: ToolPattern, tool: PatternTarget): boolean {
  if (pattern.topic) return pattern.area.test(tool.area) && pattern.topic.test(tool.topic);
  return pattern.area.test(tool.area) || pattern.area.test(tool.name);
}
