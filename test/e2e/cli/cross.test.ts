/**
 * `meta --cross`, `replay --cross` and `report --cross` as a user runs them (the compiled CLI in
 * a child process) on the shared UniEval predictions and recorded gpt-3.5 answers for Topical-Chat.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireDataset } from '../../unit/meta/sharedData';
import { runInProcess } from './runInProcess';
import { stderrLines } from './runCli';

const UNIEVAL = 'topical_chat/unieval_predict/topical_chat_result.json';
const GPT35_COHERENCE = 'topical_chat/closer_look_chiang_lee2023/results/topical_chat/gpt3.5_coh_geval.json';
const HUMAN = ['understandability', 'naturalness', 'coherence', 'engagingness', 'groundedness', 'overall'];

describe('e2e meta --cross: judge aspects × human aspects', function () {
  this.timeout(60_000); // several CLI runs in a row

  it("prints the matrix of UniEval's Topical-Chat predictions, own cells marked, and the confused aspects (none)", async function () {
    const dataset = requireDataset(this, UNIEVAL);
    const run = await runInProcess(['meta', '--dataset', dataset, '--field', 'predict_scores', '--cross', '--resamples', '300'], {});
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`^judge \\\\ human +${HUMAN.join(' +')}$`, 'm'));
    // naturalness × naturalness is meta's pooled Spearman, 0.5140.
    assert.match(run.stdout, /^naturalness +0\.47 \[0\.\d\d, 0\.\d\d\] +\*0\.51 \[0\.\d\d, 0\.\d\d\]/m);
    assert.match(run.stdout, /^judge: predict_scores; sample level; 360 items, 60 documents$/m);
    assert.match(run.stdout, /300 resamples of items, seed 20260101, the same resamples for every cell/);
    assert.match(run.stdout, /Holm p < 0\.05, 30 tests\): none$/m);
  });

  it('--json holds the whole matrix, the tests and how it was resampled', async function () {
    const dataset = requireDataset(this, UNIEVAL);
    const run = await runInProcess(
      [
        'meta',
        '--dataset',
        dataset,
        '--field',
        'predict_scores',
        '--cross',
        '--aspect',
        'coherence,groundedness',
        '--resamples',
        '200',
        '--seed',
        '5',
        '--json',
      ],
      {},
    );
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout);
    assert.deepEqual(Object.keys(json), [
      'dataset',
      'source',
      'level',
      'judgeAspects',
      'humanAspects',
      'rows',
      'tests',
      'alpha',
      'items',
      'documents',
      'bootstrap',
      'missing',
    ]);
    assert.deepEqual(json.judgeAspects, ['coherence', 'groundedness']);
    assert.deepEqual(json.humanAspects, HUMAN);
    assert.equal(json.rows.length, 2);
    assert.deepEqual(Object.keys(json.rows[0].cells[0]), ['human', 'spearman', 'interval', 'skipped']);
    assert.equal(json.tests.length, 2 * 5);
    assert.deepEqual(Object.keys(json.tests[0]), ['judge', 'other', 'difference', 'interval', 'pValue', 'pHolm', 'confused']);
    assert.deepEqual(json.bootstrap, { resamples: 200, seed: 5, unit: 'items', confidence: 0.95 });
    assert.equal(json.items, 360);
    assert.equal(json.missing, 0);
  });

  it('--cross with --compare is a usage error: exit 2, one line on stderr', async function () {
    const dataset = requireDataset(this, UNIEVAL);
    const run = await runInProcess(['meta', '--dataset', dataset, '--field', 'predict_scores', '--field', 'scores', '--cross', '--compare'], {});
    assert.equal(run.code, 2);
    assert.deepEqual(stderrLines(run), ['sumlens: --cross and --compare do not go together: --cross takes one score set; see sumlens meta --help']);
    assert.equal(run.stdout, '');
    const noAspect = await runInProcess(['meta', '--dataset', dataset, '--field', 'predict_scores'], {});
    assert.equal(noAspect.code, 2);
    assert.match(stderrLines(noAspect)[0], /give --aspect NAMES \(optional only with --cross\)/);
  });

  it("replay --cross: gpt-3.5's coherence answers follow human overall more than human coherence; report --cross shows it", async function () {
    const results = requireDataset(this, GPT35_COHERENCE);
    const run = await runInProcess(['replay', '--results', results, '--aspect', 'coherence', '--scale', '1-3', '--cross', '--resamples', '500'], {});
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^judge: recorded answers, parse rule robust; sample level; 359 items, 60 documents$/m);
    assert.match(run.stdout, /^coherence +0\.50 \[[^\]]+\] +0\.48 \[[^\]]+\] +\*0\.47 \[/m);
    assert.match(run.stdout, /^ {2}coherence ~ human overall: ρ \+0\.115 over its own/m);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-cross-'));
    try {
      const json = await runInProcess(
        ['replay', '--results', results, '--aspect', 'coherence', '--scale', '1-3', '--cross', '--resamples', '500', '--json'],
        {},
      );
      fs.writeFileSync(path.join(dir, 'cross.json'), json.stdout);
      const html = path.join(dir, 'report.html');
      const report = await runInProcess(['report', '--cross', path.join(dir, 'cross.json'), '--html', html], {});
      assert.equal(report.code, 0, report.stderr);
      const text = fs.readFileSync(html, 'utf8');
      assert.match(text, /<section id="cross"><h2>Judge aspects × human aspects<\/h2>/);
      assert.match(text, /<td class="cell confused"[^>]*>0\.58 \[/);
      assert.match(text, /<li>coherence follows human overall: ρ \+0\.115 over its own/);
      fs.writeFileSync(path.join(dir, 'bad.json'), '{"rows": []}');
      const bad = await runInProcess(['report', '--cross', path.join(dir, 'bad.json'), '--md', '-'], {});
      assert.equal(bad.code, 8);
      assert.match(stderrLines(bad)[0], /bad\.json is not a matrix from sumlens meta --cross --json/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
