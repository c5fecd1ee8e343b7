/**
 * meta --cross: the matrix and its paired tests against scipy/numpy on the same resample index
 * lists (scripts/scipy/crossAspects.py), the same resamples as every other `meta` interval,
 * the items a matrix is over, and the text it prints.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseDataset, type Level } from '../../../src/core/datasets/dataset';
import { crossAspects, crossMatrix, type CrossColumns } from '../../../src/core/meta/crossAspects';
import { crossColumns } from '../../../src/core/meta/crossColumns';
import { crossTable, formatBootstrapP } from '../../../src/core/meta/crossTable';
import { metaIntervals } from '../../../src/core/meta/metaIntervals';
import { fieldPredictions } from '../../../src/core/meta/predictions';
import { crossOfPredictions } from '../../../src/core/meta/runCross';

interface ReferenceCase {
  level: Level;
  groups: string[];
  judge: Record<string, number[]>;
  human: Record<string, number[]>;
  resamples: number[][];
  cells: { judge: string; human: string; spearman: number; low: number; high: number }[];
  tests: { judge: string; other: string; difference: number; low: number; high: number; pValue: number; pHolm: number }[];
}

const reference: { cases: ReferenceCase[] } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../test/fixtures/scipy/crossAspects.json'), 'utf8'));

const columnsOf = (c: Pick<ReferenceCase, 'groups' | 'judge' | 'human'>): CrossColumns => ({
  group: c.groups,
  system: c.groups.map((_, i) => `s${i % 4}`),
  judge: c.judge,
  human: c.human,
});

const close = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} vs ${expected}`);

describe('meta --cross (crossAspects)', () => {
  for (const c of reference.cases) {
    it(`${c.level} level: ρ, intervals, differences and bootstrap p-values as scipy/numpy on the same resamples`, () => {
      const result = crossMatrix(c.level, columnsOf(c), c.resamples);
      for (const expected of c.cells) {
        const cell = result.rows.find((r) => r.judge === expected.judge)?.cells.find((x) => x.human === expected.human);
        assert.ok(cell, `${expected.judge} × ${expected.human}`);
        close(cell.spearman, expected.spearman, `${expected.judge} × ${expected.human} ρ`);
        close(cell.interval.low, expected.low, `${expected.judge} × ${expected.human} low`);
        close(cell.interval.high, expected.high, `${expected.judge} × ${expected.human} high`);
      }
      assert.equal(result.tests.length, c.tests.length);
      for (const expected of c.tests) {
        const test = result.tests.find((t) => t.judge === expected.judge && t.other === expected.other);
        assert.ok(test, `${expected.judge} ~ ${expected.other}`);
        close(test.difference, expected.difference, 'difference');
        close(test.interval.low, expected.low, 'difference low');
        close(test.interval.high, expected.high, 'difference high');
        close(test.pValue, expected.pValue, 'p');
        close(test.pHolm, expected.pHolm, 'Holm p');
        assert.equal(test.confused, test.interval.low > 0 && test.pHolm < 0.05);
      }
    });
  }

  it('skips a document per cell as meta does: constant human relevance in d2 leaves that column 4 documents', () => {
    const c = reference.cases.find((x) => x.level === 'summary') as ReferenceCase;
    const [row] = crossMatrix('summary', columnsOf(c), c.resamples).rows;
    assert.deepEqual(
      row.cells.map((cell) => [cell.human, cell.skipped]),
      [
        ['coherence', 0],
        ['relevance', 1],
      ],
    );
  });

  for (const level of ['summary', 'sample', 'system'] as const) {
    it(`${level} level: the own-aspect cell's interval is meta's Spearman interval (the same resamples, same seed)`, () => {
      const c = reference.cases.find((x) => x.level === 'summary') as ReferenceCase;
      const columns = columnsOf(c);
      const cross = crossAspects(level, columns, { resamples: 300, seed: 11 });
      const items = columns.group.map((group, i) => ({ group, system: columns.system[i], human: c.human.coherence[i], predicted: c.judge.coherence[i] }));
      const meta = metaIntervals(level, items, { resamples: 300, seed: 11 });
      const own = cross.rows[0].cells.find((cell) => cell.human === 'coherence');
      assert.deepEqual(own?.interval, meta.intervals.spearman);
      assert.deepEqual(cross.bootstrap, { resamples: 300, seed: 11, unit: level === 'summary' ? 'documents' : 'items', confidence: 0.95 });
    });
  }

  const dataset = parseDataset(
    [
      { doc_id: 'a', system_id: 1, source: 's', system_output: 'o1', scores: { coherence: 1, fluency: 2 }, judged: { coherence: 1, fluency: 3 } },
      { doc_id: 'a', system_id: 2, source: 's', system_output: 'o2', scores: { coherence: 2, fluency: 1 }, judged: { coherence: 2 } },
      { doc_id: 'b', system_id: 1, source: 't', system_output: 'o3', scores: { coherence: 3, fluency: 3 }, judged: { coherence: 3, fluency: 1 } },
      { doc_id: 'b', system_id: 2, source: 't', system_output: 'o4', scores: { coherence: 4, fluency: 5 }, judged: { coherence: 5, fluency: 4 } },
      { doc_id: 'c', system_id: 1, source: 'u', system_output: 'o5', scores: { coherence: 5, fluency: 4 }, judged: { coherence: 4, fluency: 5 } },
    ],
    'tiny.json',
  );

  it('crosses over the items with every judge aspect, the others counted as missing', () => {
    const judge = fieldPredictions(dataset, 'judged');
    assert.deepEqual(Object.keys(judge), ['coherence', 'fluency']);
    assert.deepEqual(judge.fluency, [3, null, 1, 4, 5]);
    const { columns, missing } = crossColumns(dataset, judge);
    assert.equal(missing, 1);
    assert.deepEqual(columns.group, ['a', 'b', 'b', 'c']);
    assert.deepEqual(columns.human.fluency, [2, 3, 5, 4]);
    assert.equal(crossColumns(dataset, fieldPredictions(dataset, 'judged', ['coherence'])).missing, 0);
    assert.throws(() => crossColumns(dataset, { fluency: [null, null, null, null, null] }), /no item has a prediction for every judge aspect/);
  });

  it('refuses --resamples 0 (the tests need resamples)', () => {
    assert.throws(
      () => crossOfPredictions(dataset, { source: 'judged', judge: fieldPredictions(dataset, 'judged') }, 'sample', { resamples: 0 }),
      /--cross needs --resamples/,
    );
  });

  it('prints the matrix with the own cell marked, how it was resampled, and what is above its own', () => {
    const c = reference.cases.find((x) => x.level === 'sample') as ReferenceCase;
    const run = { dataset: 'cases.json', source: 'judged', ...crossAspects('sample', columnsOf(c), { resamples: 200, seed: 3 }), missing: 0 };
    const text = crossTable(run);
    assert.match(text, /^judge \\ human +coherence +fluency +relevance$/m);
    assert.match(text, /^coherence +\*0\.73 \[-?\d\.\d\d, \d\.\d\d\] +0\.97 \[/m);
    assert.match(text, /200 resamples of items, seed 3, the same resamples for every cell/);
    assert.match(text, /Holm p < 0\.05, 4 tests\):/);
    assert.match(text, /coherence ~ human fluency: ρ \+0\.243 over its own/);
    assert.equal(formatBootstrapP(0, 1000), '< 0.002');
    assert.equal(formatBootstrapP(0.0344, 1000), '0.034');
  });
});
