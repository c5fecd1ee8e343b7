/**
 * A review of pairwise items through the CLI: `review create --pairwise --a --b`, two raters'
 * answers imported (JSONL and CSV, pairs named in either order) and one appended as the
 * editor appends it, `review status` with nominal alpha and kappa, `review export`, and
 * `sumlens pairwise --preferences` reading the export as people's preferences (accuracy and
 * Cohen's kappa against a judge on the fake server). Errors: exit 2 and one stderr line.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendRating } from '../../../src/core/review/appendRating';
import { readReview } from '../../../src/core/review/readReview';
import { FakeOpenAiServer } from '../../fake/openaiServer';
import { preferringJudge } from '../../fake/pairwiseJudges';
import { tempDir } from '../../unit/review/makeReview';
import { runInProcess } from './runInProcess';

describe('sumlens review: pairwise items, read back by sumlens pairwise', function () {
  this.timeout(60_000);
  let root: string;
  let server: FakeOpenAiServer;
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(root, name), text);
    return path.join(root, name);
  };

  before(async () => {
    server = await FakeOpenAiServer.start();
    root = tempDir('sumlens-review-pairs-');
    const line = (id: string, summary: string) => JSON.stringify({ id, source: `Source text of item ${id}, with several facts in it.`, summary });
    // Item k: the old system writes k words, the new one 6 − k.
    const ids = ['1', '2', '4', '5'];
    file('old.jsonl', ids.map((k) => line(k, 'word '.repeat(Number(k)).trim())).join('\n') + '\n');
    file('new.jsonl', ids.map((k) => line(k, 'term '.repeat(6 - Number(k)).trim())).join('\n') + '\n');
  });
  after(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('create → import and append → status → export → pairwise measures the judge against the raters', async () => {
    const reviews = path.join(root, 'reviews');
    const created = await runInProcess([
      'review',
      'create',
      '--pairwise',
      '--a',
      path.join(root, 'old.jsonl'),
      '--b',
      path.join(root, 'new.jsonl'),
      '--raters',
      'ann,bob',
      '--name',
      'p',
      '--dir',
      reviews,
    ]);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /review p: 4 pairs, each to 2 of 2 raters; questions overall/);
    const dir = path.join(reviews, 'p');
    // ann: B, B, A, A (as the judge who prefers the longer summary); the pair of item 2 named new/old.
    const ann = file(
      'ann.jsonl',
      [
        { item: '1', a: 'old', b: 'new', preference: 'B', margin: 2 },
        { item: '2', a: 'new', b: 'old', preference: 'A' },
        { item: '4', a: 'old', b: 'new', preference: 'A', margin: 1 },
        { item: '5', a: 'old', b: 'new', preference: 'A' },
      ]
        .map((p) => JSON.stringify(p))
        .join('\n') + '\n',
    );
    const bob = file('bob.csv', 'item,a,b,preference\n1,old,new,B\n2,old,new,A\n4,old,new,A\n');
    for (const [rater, answers] of [
      ['ann', ann],
      ['bob', bob],
    ]) {
      const imported = await runInProcess(['review', 'import', dir, '--rater', rater, answers]);
      assert.equal(imported.code, 0, imported.stderr);
      assert.match(imported.stdout, /imported \d preference\(s\)/);
    }
    // bob answers item 5 in the editor: shown new first, a tie.
    await appendRating(dir, 'bob', { kind: 'preference', item: '5/old/new', aspect: 'overall', preference: 'tie', shownFirst: 'B' }, await readReview(dir));

    const status = await runInProcess(['review', 'status', dir, '--resamples', '200']);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /ann +4 of 4 +4 +0/);
    assert.match(status.stdout, /overall +2 +4 \/ 3 \/ 1 +4 +/);
    assert.match(status.stdout, /ann and bob +4 +0\.50 +/);
    const json = JSON.parse((await runInProcess(['review', 'status', dir, '--json', '--resamples', '0'])).stdout);
    assert.equal(json.pairs.agreement[0].byRaters[0].agreement, 0.5);

    const out = path.join(root, 'prefs.jsonl');
    const exported = await runInProcess(['review', 'export', dir, '--out', out]);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /exported 8 preference\(s\) of 2 rater\(s\)/);
    const lines = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(lines[lines.length - 1], { item: '5', a: 'old', b: 'new', preference: 'tie', rater: 'bob', shownFirst: 'B' });
    assert.deepEqual(lines[1], { item: '2', a: 'old', b: 'new', preference: 'B', rater: 'ann' });

    server.setHandler(preferringJudge((s) => s.split(' ').length, 0));
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(root, 'xdg') };
    const args = ['pairwise', '--a', path.join(root, 'old.jsonl'), '--b', path.join(root, 'new.jsonl'), '--no-cache', '--preferences', out];
    const pairwise = await runInProcess([...args, '--json'], env);
    assert.equal(pairwise.code, 0, pairwise.stderr);
    // Judge B, B, A, A; ann agrees on all four, bob on 1 and 4 (A on item 2, a tie on 5): 6 of 8.
    const people = JSON.parse(pairwise.stdout).humanAgreement.preferences;
    assert.deepEqual([people.items, people.accuracy], [8, 0.75]);
    assert.ok(Number.isFinite(people.kappa));
    const text = await runInProcess(args, env);
    assert.match(text.stdout, /kappa/i);
  });

  it('--pairwise without its data, or --a without --pairwise: exit 2 and one line', async () => {
    for (const args of [
      ['review', 'create', '--pairwise', '--raters', 'ann,bob', '--dir', path.join(root, 'reviews')],
      ['review', 'create', '--a', path.join(root, 'old.jsonl'), '--raters', 'ann,bob', '--dir', path.join(root, 'reviews')],
    ]) {
      const run = await runInProcess(args);
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    }
  });
});
