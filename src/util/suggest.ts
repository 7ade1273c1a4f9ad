/**
 * "Did you mean" for names a user types (config keys, feature and binding names): the
 * known name closest to a misspelt one, if any is close enough to be a likely intent.
 */

/** Edit distance (insertions, deletions, substitutions) between two strings. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost));
    }
    prev = row;
  }
  return prev[b.length] as number;
}

/** Lower case without `-` and `_`, so `date-time`, `DateTime` and `date_time` compare equal. */
function fold(s: string): string {
  return s.toLowerCase().replace(/[-_]/g, '');
}

/**
 * The known name a misspelt one most likely meant: one equal but for case, `-` and `_`,
 * else the nearest within 2 edits (1 for names of up to 4 characters); none when two are
 * equally near or none is near.
 * @param name what the user wrote
 * @param known the valid names
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const folded = fold(name);
  const same = known.find((k) => fold(k) === folded);
  if (same !== undefined) return same;
  const limit = folded.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const k of known) {
    const d = distance(folded, fold(k));
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) {
      tie = true;
    }
  }
  return tie ? undefined : best;
}

/** ` (did you mean "x"?)`, or the empty string when no known name is close. */
export function didYouMean(name: string, known: readonly string[]): string {
  const near = closestName(name, known);
  return near === undefined ? '' : ` (did you mean "${near}"?)`;
}
