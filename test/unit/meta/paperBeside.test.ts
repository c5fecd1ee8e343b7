/**
 * The published table is printed beside a run only on the paper's dataset and protocol:
 * the same items (by content), the paper's level, every item scored, an aspect the paper reports.
 */
import * as assert from 'node:assert/strict';
import { parseDataset, readDataset, type Dataset, type Level } from '../../../src/core/datasets/dataset';
import { paperComparisonTable, paperSection } from '../../../src/core/meta/formatTable';
import { paperBeside } from '../../../src/core/meta/paperBeside';
import { requireDataset } from './sharedData';

const run = (aspect: string, level: Level, items: number, missing = 0) => ({
  aspect,
  level,
  pearson: 0.5,
  spearman: 0.55,
  kendall: 0.43,
  items,
  documents: 100,
  skipped: 0,
  missing,
});

describe('meta/paperBeside: the published table only beside the same dataset and protocol', () => {
  const cases: { name: string; file: string; results: ReturnType<typeof run>[]; shown: RegExp | null; notShown?: RegExp }[] = [
    {
      name: 'SummEval, summary level, all 1600 items',
      file: 'summeval/summeval.json',
      results: [run('coherence', 'summary', 1600)],
      shown: /Table 1: SummEval, summary level/,
    },
    {
      name: 'SummEval at the sample level',
      file: 'summeval/summeval.json',
      results: [run('coherence', 'sample', 1600)],
      shown: null,
      notShown: /sample level, Table 1 at the summary level/,
    },
    {
      name: 'SummEval with 32 items scored (bench --limit)',
      file: 'summeval/summeval.json',
      results: [run('coherence', 'summary', 32, 1568)],
      shown: null,
      notShown: /scores for 32 of the 1600 items/,
    },
    {
      name: 'SummEval, an aspect the paper does not report',
      file: 'summeval/summeval.json',
      results: [run('overall', 'summary', 1600)],
      shown: null,
      notShown: /Table 1 has none of overall/,
    },
    {
      name: 'Topical-Chat UniEval predictions, turn level',
      file: 'topical_chat/unieval_predict/topical_chat_result.json',
      results: [run('naturalness', 'sample', 360)],
      shown: /Table 2: Topical-Chat, sample level/,
    },
    {
      name: 'Topical-Chat G-Eval results with dropped items',
      file: 'topical_chat/closer_look_chiang_lee2023/results/topical_chat/gpt3.5_coh_geval.json',
      results: [run('coherence', 'sample', 359)],
      shown: null,
      notShown: /359 items that are not the paper's dataset/,
    },
    {
      name: 'QAGS-XSum (UniEval predictions)',
      file: 'qags/unieval_predict/qags_xsum_result.json',
      results: [run('consistency', 'sample', 239)],
      shown: /Table 3: QAGS-XSum/,
    },
    { name: 'QAGS-CNN', file: 'qags/qags_cnndm.json', results: [run('consistency', 'sample', 235)], shown: /Table 3: QAGS-CNN/ },
  ];
  for (const c of cases) {
    it(c.name, function () {
      const dataset = readDataset(requireDataset(this, c.file));
      const decision = paperBeside(dataset, c.results);
      const section = paperSection(dataset, c.results);
      if (c.shown) {
        assert.ok(decision && 'table' in decision, JSON.stringify(decision));
        assert.match(section, c.shown);
        assert.match(section, /^published: G-Eval-4 \(GPT-4\), Liu et al\. 2023/m);
      } else {
        assert.ok(decision && 'notShown' in decision, JSON.stringify(decision));
        assert.match(section, c.notShown as RegExp);
        assert.doesNotMatch(section, /ρ paper/);
        assert.equal(section.split('\n').length, 2, 'one line');
      }
    });
  }

  // A renamed copy with one score changed is no longer the paper's dataset, whatever its name.
  it('tells datasets apart by content, not by file name or shape', function () {
    const original = readDataset(requireDataset(this, 'qags/qags_xsum.json'));
    const edited: Dataset = parseDataset(
      original.items.map(({ key: _k, group: _g, index: _i, ...item }, i) => (i === 0 ? { ...item, scores: { consistency: 0.5 } } : item)),
      'qags_xsum.json',
    );
    assert.equal(edited.kind, 'qags');
    assert.match(paperSection(edited, [run('consistency', 'sample', 239)]), /not the paper's dataset/);
  });

  it('says nothing beside a dataset no paper measured', () => {
    const generic = parseDataset([{ doc_id: 'a', system_id: 1, source: 's', system_output: 'o', scores: { quality: 3 } }], 'mine.json');
    assert.equal(generic.kind, 'generic');
    assert.equal(paperBeside(generic, [run('quality', 'sample', 1)]), undefined);
    assert.equal(paperSection(generic, [run('quality', 'sample', 1)]), '');
  });

  it("prints ours beside the paper's figures with the paper's label", function () {
    const dataset = readDataset(requireDataset(this, 'summeval/summeval.json'));
    const decision = paperBeside(dataset, [run('coherence', 'summary', 1600)]);
    assert.ok(decision && 'table' in decision);
    const table = paperComparisonTable([run('coherence', 'summary', 1600)], decision.table);
    assert.match(table, /coherence +0\.5000 +0\.5500 +0\.582 +0\.4300 +0\.457 +1600$/m);
  });
});
