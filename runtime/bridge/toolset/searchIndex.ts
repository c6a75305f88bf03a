/**
 * @module
 * A small full-text index for `sdwan_search`, built once at start: BM25 ranking over weighted fields
 * (an action's name and path count more than its summary, parameter names less). Words are split at
 * non-letters and camelCase humps, lower-cased and reduced to a rough singular (`devices` → `device`,
 * `policies` → `policy`); a query word found nowhere matches the words it begins (`stat` →
 * `statistics`, `stats`) at half weight. Scoring touches only the postings of the query's words, so a
 * search over thousands of operations takes well under a millisecond.
 */

export interface IndexedField {
  text: string;
  weight: number;
}

export interface SearchHit {
  doc: number;
  score: number;
}

const K1 = 1.2;
const B = 0.75;
/** Weight of a word a query word only begins. */
const PREFIX_WEIGHT = 0.5;
const STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'is', 'it', 'of', 'on', 'or', 'that', 'the', 'this', 'to', 'with']);

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Runs of capitals (an acronym, or the capital starting a word), lower-case letters, or digits. */
const WORD = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

export function tokenize(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (!STOP_WORDS.has(word)) words.push(stem(word));
  }
  return words;
}

export class SearchIndex {
  /** word → [doc, weighted term frequency] pairs, flattened. */
  private readonly postings = new Map<string, number[]>();
  private readonly lengths: Float64Array;
  private readonly averageLength: number;
  private readonly words: string[];

  constructor(docs: IndexedField[][]) {
    this.lengths = new Float64Array(docs.length);
    const frequencies = new Map<string, number>();
    docs.forEach((fields, doc) => {
      frequencies.clear();
      for (const field of fields) {
        for (const word of tokenize(field.text)) {
          frequencies.set(word, (frequencies.get(word) ?? 0) + field.weight);
          this.lengths[doc] += field.weight;
        }
      }
      for (const [word, tf] of frequencies) {
        const list = this.postings.get(word);
        if (list) list.push(doc, tf);
        else this.postings.set(word, [doc, tf]);
      }
    });
    this.averageLength = docs.length ? this.lengths.reduce((a, b) => a + b, 0) / docs.length || 1 : 1;
    this.words = [...this.postings.keys()].sort();
  }

  get size(): number {
    return this.lengths.length;
  }

  /** Query words with the index words they stand for and at what weight. */
  private expand(query: string): Map<string, number> {
    const terms = new Map<string, number>();
    for (const word of new Set(tokenize(query))) {
      if (this.postings.has(word)) {
        terms.set(word, Math.max(terms.get(word) ?? 0, 1));
        continue;
      }
      if (word.length < 3) continue;
      for (const candidate of this.prefixed(word)) terms.set(candidate, Math.max(terms.get(candidate) ?? 0, PREFIX_WEIGHT));
    }
    return terms;
  }

  /** Index words starting with `prefix` (binary search in the sorted word list). */
  private prefixed(prefix: string): string[] {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.words[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.words.length && this.words[i].startsWith(prefix); i++) out.push(this.words[i]);
    return out;
  }

  /** Documents matching any query word, best first (ties by document order); `accept` filters. */
  search(query: string, accept: (doc: number) => boolean = () => true): SearchHit[] {
    const scores = new Map<number, number>();
    const n = this.lengths.length;
    for (const [word, weight] of this.expand(query)) {
      const list = this.postings.get(word)!;
      const df = list.length / 2;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i];
        const tf = list[i + 1];
        const norm = tf + K1 * (1 - B + (B * this.lengths[doc]) / this.averageLength);
        scores.set(doc, (scores.get(doc) ?? 0) + weight * idf * ((tf * (K1 + 1)) / norm));
      }
    }
    const hits: SearchHit[] = [];
    for (const [doc, score] of scores) if (accept(doc)) hits.push({ doc, score });
    return hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
  }
}
