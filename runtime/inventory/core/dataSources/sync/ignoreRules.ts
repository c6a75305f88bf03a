/**
 * @module
 * Which files a sync skips, as NetBox's DataSource._ignore() decides: a file whose name starts
 * with `.`, or one whose relative path or name matches one of the source's `ignore_rules` (one
 * pattern a line) by Python's fnmatchcase: `*` matches any run of characters (`/` included), `?`
 * one character, `[seq]` and `[!seq]` a character in or out of a set, case-sensitive, the whole
 * string. Patterns are compiled once per sync.
 */

/** Python's fnmatch.translate(): the pattern as an anchored regular expression. */
export function fnmatchPattern(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i++];
    if (c === '*') {
      while (pattern[i] === '*') i++;
      out += '[\\s\\S]*';
    } else if (c === '?') out += '[\\s\\S]';
    else if (c === '[') {
      let j = i;
      if (pattern[j] === '!') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j++;
      // An unclosed `[` is a literal, as in Python.
      if (j >= pattern.length) out += '\\[';
      else {
        let set = pattern.slice(i, j);
        i = j + 1;
        const negated = set.startsWith('!');
        if (negated) set = set.slice(1);
        // Inside a class only `\`, `]` and `^` (first) need escaping; ranges (`a-z`) stay ranges.
        const body = set.replace(/[\\\]]/g, '\\$&').replace(/^\^/, '\\^');
        out += negated ? `[^${body}]` : body === '' ? '(?!)' : `[${body}]`;
      }
    } else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^(?:${out})$`, 'u');
}

/** A predicate over relative paths (`subdir/file.txt`): true for a file the sync leaves out. */
export function ignoreRules(rules: string): (path: string) => boolean {
  // Python's str.splitlines() splits on \r\n, \r and \n (and a few more); blank lines match only an empty name.
  const patterns = rules.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/).filter((line, i, lines) => line !== '' || i < lines.length - 1).map(fnmatchPattern);
  return (path) => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name.startsWith('.')) return true;
    return patterns.some((pattern) => pattern.test(path) || pattern.test(name));
  };
}
