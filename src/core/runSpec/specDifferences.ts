/**
 * Each difference between two runs' specs and template hashes, in words ("model: gpt-4o (file)
 * vs gpt-4o-mini (now)"): a resume is refused on any, `compare` on those that change what is
 * measured. How a run was executed (concurrency, where the templates folder was) is not one;
 * a jury's name for its judge is not one either (the judge run alone is the same judge).
 */
import { EXECUTION_FIELDS, type RunSpec } from './runSpec';

function flat(spec: RunSpec): Record<string, unknown> {
  const { judge, ...rest } = spec;
  const fields: Record<string, unknown> = { endpoint: judge.endpoint, model: judge.model, ...rest };
  for (const key of EXECUTION_FIELDS) delete fields[key];
  return fields;
}

function show(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  if (value === undefined) return '(none)';
  // Numbers and booleans as String() writes them; an object field (none yet) as its JSON, not
  // as "[object Object]", where every two would look alike.
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function specDifferences(
  a: { spec: RunSpec; templates: Record<string, string> },
  b: { spec: RunSpec; templates: Record<string, string> },
  labels: [string, string] = ['file', 'now'],
): string[] {
  const differences: string[] = [];
  const [fa, fb] = [flat(a.spec), flat(b.spec)];
  for (const key of [...new Set([...Object.keys(fa), ...Object.keys(fb)])]) {
    if (show(fa[key]) !== show(fb[key])) differences.push(`${key}: ${show(fa[key])} (${labels[0]}) vs ${show(fb[key])} (${labels[1]})`);
  }
  for (const id of [...new Set([...Object.keys(a.templates), ...Object.keys(b.templates)])].sort()) {
    const [ha, hb] = [a.templates[id], b.templates[id]];
    if (ha === hb) continue;
    if (ha === undefined || hb === undefined) differences.push(`template ${id} used only by ${labels[ha === undefined ? 1 : 0]}`);
    else differences.push(`template ${id} changed`);
  }
  return differences;
}
