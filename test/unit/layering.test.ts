/**
 * The engine's layering, kept true: src/core/ is a stack of units (a folder, or a group of
 * files at its top) from the ground up, and a file may import only from its own unit or a
 * unit below it. A new back-edge (an import running upward, or two units importing each
 * other) fails here with the file and the import that cause it. The order is the one
 * docs/layout.md describes; a new folder must be placed in it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/paths';

/** From the ground up. A name ending in .ts is a file at the top of src/core/; the others are folders. */
const LAYERS: string[][] = [
  [
    'errors.ts',
    'thousands.ts',
    'yaml.ts',
    'manifest.ts',
    'paths.ts',
    'lineColumn.ts',
    'writeAtomically.ts',
    'textInput.ts',
    'jsonFile.ts',
    'cooperative.ts',
    'methodsAndTasks.ts',
    'ratingsFile.ts',
  ],
  ['stats'],
  ['llm'],
  ['result.ts', 'failFast.ts', 'outcome.ts', 'resultJson.ts'],
  ['longSource'],
  ['prompts'],
  ['geval'],
  ['warnings.ts'],
  ['fine'],
  ['choose'],
  ['evaluate.ts', 'repeat.ts'],
  ['runSpec'],
  ['datasets'],
  ['runFile'],
  ['meta'],
  ['run'],
  ['distill'],
  ['audit'],
  ['agreement'],
  ['align'],
  ['pairwise'],
  ['review'],
  ['jury'],
  ['probe'],
  ['operations'],
  ['tools'],
];

const core = path.join(packageRoot(), 'src', 'core');

/** The unit a path below src/core/ belongs to: its first folder (`prompts` for the folder's index too), or the file itself. */
function unitOf(relative: string): string {
  const [first, ...rest] = relative.split(path.sep);
  if (rest.length > 0 || (fs.existsSync(path.join(core, first)) && fs.statSync(path.join(core, first)).isDirectory())) return first;
  return first.endsWith('.ts') ? first : `${first}.ts`;
}

function filesBelow(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesBelow(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Relative imports of a file (static, type-only and dynamic), resolved to paths below src/core/. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
    .map((m) => path.relative(core, path.resolve(path.dirname(file), m[1])))
    .filter((target) => !target.startsWith('..'));
}

describe('layering of src/core/', () => {
  const rank = new Map(LAYERS.flatMap((units, i) => units.map((unit) => [unit, i] as const)));
  const files = filesBelow(core);

  it('places every folder and top-level file of src/core/ in the order', () => {
    const units = [...new Set(files.map((file) => unitOf(path.relative(core, file))))];
    assert.deepEqual(
      units.filter((unit) => !rank.has(unit)),
      [],
    );
  });

  it('has no import running upward, and no two units importing each other', () => {
    const backEdges: string[] = [];
    for (const file of files) {
      const from = unitOf(path.relative(core, file));
      for (const target of importsOf(file)) {
        const to = unitOf(target);
        if (to === from) continue;
        const [a, b] = [rank.get(from), rank.get(to)];
        assert.ok(a !== undefined && b !== undefined, `${path.relative(core, file)} imports ${target}: a unit outside the order`);
        if (b > a) backEdges.push(`${path.relative(core, file)} (${from}) imports ${target} (${to}), which sits above it`);
      }
    }
    assert.deepEqual(backEdges, []);
  });
});
