/** A booking reference is 10 digits (yymmdd and 4 more: src/server/lib/reference.ts). */
const LENGTH = 10;
const MAX_CANDIDATES = 20;

// People write a reference in groups: "261128-0042", "2611 2800 42", "261128.0042", "261128/0042".
const SEPARATOR_BETWEEN_DIGITS = /(?<=\d)[\s\-\u2010-\u2015./]+(?=\d)/g;

/**
 * The references a remark may hold: every distinct 10-digit window of each run of 10 digits or
 * more, once the separators between digits are gone. Matching joins them with the waiting
 * bookings, so a window that is no reference costs nothing.
 */
export function referenceCandidates(remark: string): string[] {
  const joined = remark.replace(SEPARATOR_BETWEEN_DIGITS, '');
  const found = new Set<string>();
  for (const [run] of joined.matchAll(/\d{10,}/g)) {
    for (let i = 0; i + LENGTH <= run.length; i += 1) {
      found.add(run.slice(i, i + LENGTH));
      if (found.size === MAX_CANDIDATES) return [...found];
    }
  }
  return [...found];
}
