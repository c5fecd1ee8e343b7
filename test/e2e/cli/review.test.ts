/**
 * `sumlens review` through main(argv, io): create, import two raters' CSVs, status, export,
 * and the export (or the folder itself) read by agreement, calibrate and align --ratings; the
 * errors as one stderr line and their exit codes.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendRating } from '../../../src/core/review/appendRating';
import { readReview } from '../../../src/core/review/readReview';
import { reviewAgreement } from '../../../src/core/review/reviewAgreement';
import { writeRun } from '../../fixtures/run/makeRun';
import { tempDir, writeData } from '../../unit/review/makeReview';
import { runInProcess } from './runInProcess';

const ITEMS = 20;
const annScore = (i: number) => 1 + (i % 5);
const bobScore = (i: number) => Math.min(5, 1 + (i % 5) + (i % 3 === 0 ? 1 : 0));

describe('sumlens review', function () {
  this.timeout(60_000);
  let root: string;
  let data: string;
  let dir: string;
  const csv = (name: string, score: (i: number) => number) => {
    const file = path.join(root, name);
    fs.writeFileSync(file, ['item,aspect,score', ...Array.from({ length: ITEMS }, (_, i) => `item-${i + 1},coherence,${score(i)}`)].join('\n') + '\n');
    return file;
  };

  /** `review create` of the data for ann and bob, coherence only, named `name`. */
  const createReview = (name: string) =>
    runInProcess(['review', 'create', '--data', data, '--raters', 'ann,bob', '--aspects', 'coherence', '--name', name, '--dir', path.join(root, 'reviews')]);

  before(async () => {
    root = tempDir('sumlens-review-cli-');
    data = writeData(root, ITEMS);
    const created = await createReview('r1');
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /review r1: 20 items, each to 2 of 2 raters; aspects coherence/);
    assert.match(created.stdout, /every pair of raters shares at least 20 item/);
    dir = path.join(root, 'reviews', 'r1');
    for (const [rater, score] of [
      ['ann', annScore],
      ['bob', bobScore],
    ] as const) {
      const imported = await runInProcess(['review', 'import', dir, '--rater', rater, csv(`${rater}.csv`, score)]);
      assert.equal(imported.code, 0, imported.stderr);
      assert.match(imported.stdout, /imported 20 score\(s\)/);
    }
    writeRun(
      path.join(root, 'run.jsonl'),
      Array.from({ length: ITEMS }, (_, i) => ({ id: `item-${i + 1}`, scores: { coherence: annScore(i) + 0.5 } })),
    );
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it("status: each rater's progress and alpha, as text and JSON; the imported CSVs give the alpha of the same scores appended one by one", async () => {
    const text = await runInProcess(['review', 'status', dir]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /ann\s+20 of 20/);
    const json = await runInProcess(['review', 'status', dir, '--json', '--resamples', '0']);
    assert.equal(json.code, 0, json.stderr);
    const status = JSON.parse(json.stdout);
    assert.equal(status.raters.length, 2);
    const imported = status.agreement[0].alphaInterval.value as number;
    // The same scores through appendRating, in a review of its own.
    const other = await createReview('r2');
    assert.equal(other.code, 0, other.stderr);
    const dir2 = path.join(root, 'reviews', 'r2');
    for (let i = 0; i < ITEMS; i++) {
      await appendRating(dir2, 'ann', { item: `item-${i + 1}`, aspect: 'coherence', score: annScore(i) });
      await appendRating(dir2, 'bob', { item: `item-${i + 1}`, aspect: 'coherence', score: bobScore(i) });
    }
    const [appended] = reviewAgreement(await readReview(dir2), { resamples: 0, seed: 1 });
    assert.ok(Number.isFinite(imported));
    assert.equal(appended.alphaInterval!.value, imported);
  });

  it('export is read by agreement (people alone, and with the judge of --run), the same as the folder itself; calibrate takes the folder', async () => {
    const out = path.join(root, 'export.jsonl');
    const exported = await runInProcess(['review', 'export', dir, '--out', out]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /exported 40 score\(s\) of 2 rater\(s\)/);
    const line = JSON.parse(fs.readFileSync(out, 'utf8').split('\n')[0]);
    assert.deepEqual(Object.keys(line).sort(), ['aspect', 'item', 'person', 'rater', 'sourceSha256', 'summarySha256']);
    const people = await runInProcess(['agreement', out, '--json', '--resamples', '0']);
    assert.equal(people.code, 0, people.stderr);
    const expected = JSON.parse((await runInProcess(['review', 'status', dir, '--json', '--resamples', '0'])).stdout).agreement[0].alphaInterval.value;
    assert.equal(JSON.parse(people.stdout).allRaters[0].alphaInterval.value, expected);

    const judged = path.join(root, 'export-judged.jsonl');
    assert.equal((await runInProcess(['review', 'export', dir, '--out', judged, '--run', path.join(root, 'run.jsonl')])).code, 0);
    const fromFile = await runInProcess(['agreement', judged, '--json', '--resamples', '0']);
    const fromFolder = await runInProcess(['agreement', dir, '--run', path.join(root, 'run.jsonl'), '--json', '--resamples', '0']);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.equal(fromFolder.code, 0, fromFolder.stderr);
    assert.deepEqual(JSON.parse(fromFolder.stdout), JSON.parse(fromFile.stdout));
    assert.equal(JSON.parse(fromFile.stdout).rows[0].n, 20);

    const map = path.join(root, 'map.json');
    const calibrated = await runInProcess(['calibrate', dir, '--run', path.join(root, 'run.jsonl'), '--out', map]);
    assert.equal(calibrated.code, 0, calibrated.stderr);
    const noRun = await runInProcess(['calibrate', dir, '--out', map]);
    assert.equal(noRun.code, 2);
    assert.match(noRun.stderr, /give --run/);
  });

  it('align --ratings reads the export (texts found by their hashes) and the folder itself', async () => {
    const out = path.join(root, 'export-align.jsonl');
    const texts = path.join(root, 'texts');
    assert.equal((await runInProcess(['review', 'export', dir, '--out', out, '--texts', texts])).code, 0);
    const env = { OPENAI_API_KEY: 'sk-test', XDG_CACHE_HOME: path.join(root, 'cache') };
    const fromExport = await runInProcess(['align', '--ratings', out, '--texts', texts, '--aspect', 'coherence', '--dry-run'], env);
    assert.equal(fromExport.code, 0, fromExport.stderr);
    assert.match(fromExport.stdout, /\(20 coherence items ×/);
    const fromFolder = await runInProcess(['align', '--ratings', dir, '--aspect', 'coherence', '--dry-run'], env);
    assert.equal(fromFolder.code, 0, fromFolder.stderr);
    assert.match(fromFolder.stdout, /\(20 coherence items ×/);
  });

  it('errors: one stderr line and the exit code of the error table', async () => {
    const notReview = await runInProcess(['review', 'status', root]);
    assert.equal(notReview.code, 8);
    assert.match(notReview.stderr, /is not a review folder/);
    assert.equal(notReview.stderr.trim().split('\n').length, 1);

    const before = fs.readFileSync(path.join(dir, 'ratings', 'ann.jsonl'), 'utf8');
    const bad = path.join(root, 'bad.csv');
    fs.writeFileSync(bad, 'item,aspect,score\nitem-1,coherence,4\nitem-2,coherence,7\n');
    const badImport = await runInProcess(['review', 'import', dir, '--rater', 'ann', bad]);
    assert.equal(badImport.code, 8);
    assert.match(badImport.stderr, /bad\.csv: line 3: score 7 is off coherence's scale 1-5/);
    assert.equal(fs.readFileSync(path.join(dir, 'ratings', 'ann.jsonl'), 'utf8'), before, 'nothing imported');

    const tooMany = await runInProcess(['review', 'create', '--data', data, '--raters', 'ann,bob', '--per-item', '3', '--dir', path.join(root, 'reviews')]);
    assert.equal(tooMany.code, 2);
    assert.match(tooMany.stderr, /--per-item 3/);
    const again = await runInProcess(['review', 'create', '--data', data, '--raters', 'ann,bob', '--name', 'r1', '--dir', path.join(root, 'reviews')]);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /already holds a review/);
    const runWithFile = await runInProcess(['agreement', path.join(root, 'export.jsonl'), '--run', path.join(root, 'run.jsonl')]);
    assert.equal(runWithFile.code, 2);
  });
});
