/**
 * The jury as a run file of its own (`<out>.jury.jsonl`): per item, each aspect's score pooled
 * over the judges' run files, so everything that reads a run (meta, compare, report) reads
 * the jury as it reads one judge. An item's aspect is pooled only where every judge scored
 * it; the others are left out and counted, never pooled from fewer judges silently.
 */
import type { LoadedRun } from '../run/loadRun';
import type { RunHeader } from '../runFile/runHeader';
import { writeFileAtomically } from '../writeAtomically';
import type { PoolRule } from '../methodsAndTasks';
import { pool } from './pool';

export function writeJuryRun(out: string, header: RunHeader, runs: LoadedRun[], rule: PoolRule): { items: number; leftOut: number } {
  const [first, ...others] = runs;
  const byKey = others.map((run) => new Map(run.entries.map((e) => [e.key, e])));
  const lines = [JSON.stringify(header)];
  let leftOut = 0;
  first.entries.forEach((entry, index) => {
    const scores: Record<string, number> = {};
    for (const [aspect, score] of Object.entries(entry.scores)) {
      const all = [score, ...byKey.map((m) => m.get(entry.key)?.scores[aspect])];
      if (all.every((s): s is number => s !== undefined)) scores[aspect] = pool(all, rule)!.score;
      else leftOut++;
    }
    if (Object.keys(scores).length > 0) lines.push(JSON.stringify({ key: entry.key, index, id: entry.id, status: 'ok', scores }));
  });
  writeFileAtomically(out, lines.join('\n') + '\n');
  return { items: lines.length - 1, leftOut };
}
