/**
 * An adopted calibration a user can apply: `sumlens align` on 60 rated summaries with a judge
 * that reads 0.9 above the people (and learns nothing from examples or criteria) adopts the
 * calibration and writes its map to `--out` with the header an adopted template gets; then on
 * 30 held-out items of other articles, `eval --prompts OUT` (and `eval --calibration FILE`)
 * agrees better with the people than the raw scores: the mean |judge - people| down and
 * Krippendorff's alpha up, each with its bootstrap interval, and the paired change's intervals
 * on the right side of zero.
 */
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { agreementRows } from '../../../src/core/agreement/agreementTable';
import { readCalibration } from '../../../src/core/agreement/calibration';
import { alphaGain } from '../../../src/core/align/alphaGain';
import { resolveTemplate } from '../../../src/core/prompts/resolveTemplate';
import { pairedComparison } from '../../../src/core/stats/pairedComparison';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { runInProcess } from '../cli/runInProcess';
import { offsetJudge, ratedItems, sourceOf, writeRatedData, type RatedItem } from './scriptedRaters';

const humanOf = (doc: number, k: number) => 1 + ((doc * 3 + k) % 5);
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

interface Scored {
  raw: number;
  calibrated?: number;
  json: { aspects: { score: number; calibrated?: { score: number; map: string; sha256: string }; warnings?: string[] }[]; calibrated?: unknown };
}

describe('sumlens align: an adopted calibration, written and applied', function () {
  this.timeout(180_000);
  let server: FakeOpenAiServer;
  let dir: string;
  before(async () => {
    server = await FakeOpenAiServer.start();
    server.setHandler(offsetJudge(humanOf));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-align-calibration-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const env = () => ({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test', XDG_CACHE_HOME: path.join(dir, 'cache'), TMPDIR: dir });
  const out = () => path.join(dir, 'aligned');
  const mapFile = () => path.join(out(), 'summarization', 'calibration.json');
  const align = (data: string, ...more: string[]) =>
    runInProcess(
      ['align', '--data', data, '--human', 'human_coherence', '--aspect', 'coherence', '--model', 'fake-model', '--out', out(), '--resamples', '1000', ...more],
      env(),
    );

  /** One held-out item judged by `eval --json` with the given flags: its raw score and, when a map applied, its calibrated one. */
  async function evalItem(item: RatedItem, ...flags: string[]): Promise<Scored> {
    const source = path.join(dir, `D${item.doc}-${item.k}.source.txt`);
    const summary = path.join(dir, `D${item.doc}-${item.k}.summary.txt`);
    fs.writeFileSync(source, sourceOf(item.doc));
    fs.writeFileSync(summary, `Summary of doc D${item.doc} number ${item.k}: the council approved a park and a library.`);
    const run = await runInProcess(
      ['eval', '--source', source, '--summary', summary, '--aspects', 'coherence', '--model', 'fake-model', '--json', ...flags],
      env(),
    );
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as Scored['json'];
    return { raw: json.aspects[0].score, calibrated: json.aspects[0].calibrated?.score, json };
  }

  it('align writes the map to --out with its header, names it and how to apply it; a second align does not replace it unless --force', async () => {
    const data = writeRatedData(dir, 'rated.jsonl', ratedItems(12, humanOf));
    const run = await align(data);
    assert.equal(run.code, 0, run.stderr);
    const file = mapFile();
    assert.match(
      run.stdout,
      new RegExp(
        `adopted: the calibration \\(no template changes\\), fitted again on all 60 items; its map was written to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; ` +
          `apply it with eval --calibration .*calibration\\.json, or eval --prompts .*aligned, which applies the calibration of the folder`,
      ),
    );
    assert.ok(!fs.existsSync(path.join(out(), 'summarization', 'coherence.md')), 'no template written');
    const written = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(written.sumlens, 'calibration');
    const [map] = written.maps;
    assert.equal(map.aspect, 'coherence');
    assert.equal(map.judge, 'fake-model');
    assert.equal(map.items, 60);
    assert.equal(map.provenance.data, data);
    assert.equal(map.provenance.dataSha256, sha256(data));
    assert.equal(map.provenance.folds, 5);
    assert.equal(map.provenance.templateSha256, sha256(resolveTemplate('summarization/coherence', {}).filePath));
    assert.ok(map.provenance.meanAbsoluteDifference.interval.high < 0 && map.provenance.alphaGain.interval.low > 0, JSON.stringify(map.provenance));
    assert.match(map.provenance.header[0], /^Aligned by sumlens align on \d{4}-\d{2}-\d{2} \(calibration\), learned from 60 rated items of .*rated\.jsonl$/);
    assert.match(map.provenance.header.join(' '), /5-fold cross-validation grouped by source document: mean \|judge - people\| 0\.\d{3} -> 0\.\d{3}/);
    assert.equal(readCalibration(file).maps.length, 1, 'a map eval --calibration reads');

    const again = await align(data);
    assert.equal(again.code, 2, again.stderr);
    assert.match(again.stderr, /calibration\.json already maps coherence for fake-model; .* --force/);
    assert.equal((await align(data, '--force')).code, 0);
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).maps.length, 1, 'the map replaced, not added twice');
  });

  it('on 30 held-out items of other articles, eval with what align wrote agrees better: mean |diff| down, alpha up, with intervals', async () => {
    const heldOut = ratedItems(6, humanOf, 100);
    const scored = [];
    for (const item of heldOut) scored.push(await evalItem(item, '--prompts', out()));
    const people = heldOut.map((item) => item.human);
    const raw = scored.map((s) => s.raw);
    const calibrated = scored.map((s) => s.calibrated!);
    assert.ok(
      calibrated.every((c) => c !== undefined),
      'every item calibrated',
    );
    // The provenance: the map's file and hash, beside the raw score.
    const first = scored[0].json;
    assert.deepEqual(first.aspects[0].calibrated, { score: calibrated[0], map: mapFile(), sha256: sha256(mapFile()) });
    assert.deepEqual(first.calibrated, { map: mapFile(), sha256: sha256(mapFile()), scores: { coherence: calibrated[0] } });

    const options = { scale: [1, 5] as [number, number], resamples: 2000, seed: 1 };
    const rows = (judge: string, scores: number[]) =>
      agreementRows(
        people.map((person, i) => ({ aspect: 'coherence', judge, person, score: scores[i] })),
        options,
      )[0];
    const before = rows('raw', raw);
    const afterRow = rows('calibrated', calibrated);
    const error = (scores: number[]) => scores.map((s, i) => Math.abs(s - people[i]));
    const change = pairedComparison(error(raw), error(calibrated), { seed: 1, resamples: 2000 });
    const gain = alphaGain(people, raw, calibrated, { resamples: 2000, seed: 1 });
    const figures = {
      madRaw: before.meanAbsoluteDifference,
      madCalibrated: afterRow.meanAbsoluteDifference,
      alphaRaw: before.alphaInterval,
      alphaCalibrated: afterRow.alphaInterval,
      change: { value: change.meanDifference, interval: change.interval },
      gain,
    };
    if (process.env.SUMLENS_SHOW_FIGURES) console.log(JSON.stringify(figures, null, 1));
    assert.ok(afterRow.meanAbsoluteDifference.interval.high < before.meanAbsoluteDifference.value, JSON.stringify(figures));
    assert.ok(afterRow.alphaInterval.interval.low > before.alphaInterval.value, JSON.stringify(figures));
    assert.ok(change.interval.high < 0, `mean |diff| change ${JSON.stringify(figures.change)}`);
    assert.ok(gain.interval.low > 0, `alpha gain ${JSON.stringify(gain)}`);

    // eval --calibration FILE applies the same map; --data does not apply one, and says so.
    const named = await evalItem(heldOut[0], '--calibration', mapFile());
    assert.equal(named.calibrated, calibrated[0]);
    assert.equal(named.raw, raw[0]);
    const data = writeRatedData(dir, 'other.jsonl', heldOut.slice(0, 2));
    // The run file in the test's own folder: the default name would land in the working folder.
    const runFile = path.join(dir, 'other-run.jsonl');
    const dataRun = await runInProcess(
      ['eval', '--data', data, '--out', runFile, '--aspects', 'coherence', '--model', 'fake-model', '--prompts', out()],
      env(),
    );
    assert.match(dataRun.stderr, /calibration\.json not applied: a calibration maps the scores of one summary's eval, not with --data/);
    const refused = await runInProcess(['eval', '--data', data, '--calibration', mapFile(), '--model', 'fake-model'], env());
    assert.equal(refused.code, 2, refused.stderr);
  });

  it('a map fitted on another template: that score is not calibrated, and the warning says why', async () => {
    const template = resolveTemplate('summarization/coherence', {}).filePath;
    const other = path.join(dir, 'other-prompts');
    fs.mkdirSync(path.join(other, 'summarization'), { recursive: true });
    fs.writeFileSync(path.join(other, 'summarization', 'coherence.md'), fs.readFileSync(template, 'utf8').replace(/^---\n/, '---\n# my own copy\n'));
    fs.copyFileSync(mapFile(), path.join(other, 'summarization', 'calibration.json'));
    const scored = await evalItem(ratedItems(1, humanOf, 200)[0], '--prompts', other);
    assert.equal(scored.calibrated, undefined);
    assert.match(scored.json.aspects[0].warnings!.join('\n'), /not calibrated: .*calibration\.json was fitted on the scores of another coherence template/);
  });
});
