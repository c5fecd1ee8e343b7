/**
 * Replay of real gpt-3.5-turbo answers (Chiang & Lee 2023, G-Eval prompts, 20 samples):
 * G-Eval's parse rule reproduces the figures in ../shared/datasets/README.md; ours reads the
 * "Engagingness: 3" / "- Groundedness: 1" answers G-Eval's rule turns into 0.
 */
import * as assert from 'node:assert/strict';
import { readDataset } from '../../../src/core/datasets/dataset';
import { parseScaleRange, replay } from '../../../src/core/meta/replay';
import { requireDataset } from './sharedData';

const DIR = 'topical_chat/closer_look_chiang_lee2023/results/topical_chat/';

const cases = [
  { file: 'gpt3.5_coh_geval.json', aspect: 'coherence', scale: '1-3', items: 359, geval: [0.468, 0.467, 0.352] },
  { file: 'gpt3.5_eng_geval.json', aspect: 'engagingness', scale: '1-3', items: 356, geval: [0.491, 0.519, 0.389] },
  { file: 'gpt3.5_gro_geval.json', aspect: 'groundedness', scale: '0-1', items: 357, geval: [0.284, 0.32, 0.257] },
  { file: 'gpt3.5_nat_geval.json', aspect: 'naturalness', scale: '1-3', items: 358, geval: [0.398, 0.414, 0.309] },
];

describe('meta/replay (real Chiang & Lee gpt-3.5 answers)', () => {
  for (const c of cases) {
    it(`${c.aspect}: G-Eval's rule reproduces the published replay; ours reads more answers`, function () {
      const dataset = readDataset(requireDataset(this, DIR + c.file));
      const scale = parseScaleRange(c.scale);
      const geval = replay(dataset, c.aspect, scale, { rule: 'geval' });
      const ours = replay(dataset, c.aspect, scale, { rule: 'robust' });
      assert.equal(geval.items, c.items);
      assert.equal(geval.level, 'sample');
      [geval.pearson, geval.spearman, geval.kendall].forEach((v, i) => assert.ok(Math.abs(v - c.geval[i]) < 5e-4, `${c.aspect}: ${v} vs ${c.geval[i]}`));
      assert.equal(ours.items, c.items);
      assert.ok(ours.unparsed < geval.unparsed, `unparsed ours ${ours.unparsed} vs geval ${geval.unparsed}`);
      console.log(`      ${c.aspect}: ours ${fmt(ours)} (unparsed ${ours.unparsed}) | G-Eval rule ${fmt(geval)} (unparsed ${geval.unparsed})`);
    });
  }

  it('ours is higher on every figure where G-Eval misreads many answers (engagingness, groundedness)', function () {
    for (const c of cases.filter((x) => x.aspect === 'engagingness' || x.aspect === 'groundedness')) {
      const dataset = readDataset(requireDataset(this, DIR + c.file));
      const scale = parseScaleRange(c.scale);
      const geval = replay(dataset, c.aspect, scale, { rule: 'geval' });
      const ours = replay(dataset, c.aspect, scale, { rule: 'robust' });
      assert.ok(ours.pearson > geval.pearson && ours.spearman > geval.spearman && ours.kendall > geval.kendall, c.aspect);
    }
  });

  it('parses --scale', () => {
    assert.deepEqual(parseScaleRange('1-5'), { min: 1, max: 5 });
    assert.deepEqual(parseScaleRange('0 - 1'), { min: 0, max: 1 });
    assert.throws(() => parseScaleRange('5-1'), /MIN-MAX/);
    assert.throws(() => parseScaleRange('five'), /MIN-MAX/);
  });
});

function fmt(r: { pearson: number; spearman: number; kendall: number }): string {
  return [r.pearson, r.spearman, r.kendall].map((v) => v.toFixed(4)).join(' / ');
}
