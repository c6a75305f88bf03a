/**
 * @module
 * "Did you mean" for diagnostics about an unknown name: the known name nearest to a misspelt one
 * (`max_lenght` → `max_length`, `dcim.location` → `dcim.locations`), or none when nothing is
 * near enough to be a plausible typo. Distance is the optimal string alignment distance
 * (Levenshtein plus the swap of two neighbouring letters, the commonest typo), as TypeScript's
 * own spelling suggestions use; small enough not to need a package.
 */

/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  // Three rows suffice: a swap looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2] + 1);
      current.push(best);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length];
}

/**
 * The candidate nearest to `name` within a third of its length (at least one edit), ignoring
 * case; ties go to the alphabetically first, so that a diagnostic's text is deterministic.
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of new Set(candidates)) {
    if (candidate === name) continue;
    const distance = candidate.toLowerCase() === name.toLowerCase() ? 0.5 : editDistance(name, candidate);
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate < best.candidate)) best = { candidate, distance };
  }
  return best?.candidate;
}

/** `; did you mean "max_length"?` to append to a message, or `''` when no name is near. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const match = closest(name, candidates);
  return match === undefined ? '' : `; did you mean "${match}"?`;
}
