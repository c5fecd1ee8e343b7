// The walk of a dataset run from the CLI's flags (issue 39): the files a reader opens following
// `sumlens eval --data` from its flags (src/cli/commands/eval.ts, its dynamic import of
// src/cli/evalData.ts) down through the imports, depth first, each file once, and how many
// times the walk climbs back up (a file followed by one of a higher layer: cli/ above
// core/operations/ above the core units in test/unit/layering.test.ts's order).
// Static imports are followed (type-only ones too: a reader opens them); of eval.ts's dynamic
// imports only the dataset run's. In src/cli/ every import is followed; a file of src/core/ is
// opened when the front end or an operation (src/core/operations/) imports it, and the walk
// does not go on below it: what a core unit does inside is that unit's business, the files a
// front end opens are the doors it needs. `--deep` follows every import down to the run spec
// (evaluate.ts and the methods, the session, prompts, statistics below it are never walked).
//   node scripts/walk.mjs [git revision]   (the working tree without one)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const rev = process.argv.slice(2).find((a) => !a.startsWith('--'));
const deep = process.argv.includes('--deep');
const read = (file) =>
  rev ? execFileSync('git', ['show', `${rev}:${file}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }) : fs.readFileSync(file, 'utf8');
const exists = (file) => {
  try {
    read(file);
    return true;
  } catch {
    return false;
  }
};

const layers = [...read('test/unit/layering.test.ts').matchAll(/^ {2}\[([^\]]*)\],?$|^ {4}'([^']+)',$/gm)];
// From the ground up: each `[ ... ]` line a unit group; the first group is spread over lines.
const order = [];
let ground = [];
for (const m of layers) {
  if (m[2]) ground.push(m[2]);
  else
    order.push(
      m[1]
        .split(',')
        .map((s) => s.trim().replace(/'/g, ''))
        .filter(Boolean),
    );
}
order.unshift(ground);
const rankOfUnit = new Map(order.flatMap((units, i) => units.map((u) => [u, i])));
const runSpecRank = rankOfUnit.get('runSpec');

function rankOf(file) {
  if (file.startsWith('src/cli/')) return order.length + 1;
  const rest = file.slice('src/core/'.length).split('/');
  const unit = rest.length > 1 ? rest[0] : rest[0];
  return rankOfUnit.get(unit) ?? -1;
}

function resolve(from, spec) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [`${base}.ts`, `${base}/index.ts`]) if (exists(candidate)) return candidate;
  return undefined;
}

function importsOf(file) {
  const text = read(file);
  const found = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)].map((m) => m[1]);
  if (file === 'src/cli/commands/eval.ts') found.push('../evalData');
  const opens = deep || file.startsWith('src/cli/') || file.startsWith('src/core/operations/');
  if (!opens) return [];
  return found.map((spec) => resolve(file, spec)).filter((target) => target && (target.startsWith('src/cli/') || rankOf(target) >= runSpecRank));
}

const seen = new Set();
const visited = [];
function walk(file) {
  if (seen.has(file)) return;
  seen.add(file);
  visited.push(file);
  for (const target of importsOf(file)) walk(target);
}
walk('src/cli/commands/eval.ts');
let up = 0;
for (let i = 1; i < visited.length; i++) if (rankOf(visited[i]) > rankOf(visited[i - 1])) up++;
if (process.argv.includes('--list')) for (const f of visited) console.log(f);
console.log(`${rev ?? 'working tree'}: ${visited.length} files, ${up} steps back up`);
