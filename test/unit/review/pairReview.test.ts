/**
 * A review of pairwise items: made from a table of systems or two files matched by id, dealt,
 * answered A/B/tie with the order shown kept, counted latest-first like scores, a bad line
 * named and the rest kept, exported as sumlens pairwise reads preferences, and the raters'
 * agreement against an independent numpy implementation (scripts/scipy/review_pairwise.py).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendRating } from '../../../src/core/review/appendRating';
import { createPairReview } from '../../../src/core/review/createReview';
import { preferenceLines } from '../../../src/core/review/exportRatings';
import { importRatings } from '../../../src/core/review/importRatings';
import { pairsOfFiles, pairsOfTable, type PairText } from '../../../src/core/review/pairItems';
import { pairsFor, readReview } from '../../../src/core/review/readReview';
import { reviewStatus } from '../../../src/core/review/reviewStatus';
import { pairDisagreements } from '../../../src/core/review/pairDisagreements';
import { ratingsFile } from '../../../src/core/review/reviewSchema';
import { parsePreferences } from '../../../src/core/pairwise/preferencesFile';
import { packageRoot } from '../../../src/core/paths';
import { tempDir } from './makeReview';

function writeJsonl(file: string, rows: object[]): string {
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

const pairsOf = (docs: string[]): PairText[] =>
  docs.map((doc) => ({ id: `${doc}/M1/M2`, doc, a: 'M1', b: 'M2', source: `Source of ${doc}.`, summaryA: `M1 on ${doc}.`, summaryB: `M2 on ${doc}.` }));

describe('review: pairwise items', () => {
  let root: string;
  beforeEach(() => (root = tempDir()));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads pairs from a table of systems (every pair of a document) and from two files matched by id', async () => {
    const rows = ['d1', 'd2'].flatMap((doc) =>
      ['M1', 'M2', 'M3'].map((system) => ({ doc_id: doc, system_id: system, source: `S ${doc}`, summary: `${system} ${doc}` })),
    );
    const table = await pairsOfTable({ data: writeJsonl(path.join(root, 't.jsonl'), rows), group: 'doc_id', system: 'system_id', seed: 1 });
    assert.deepEqual(
      table.map((p) => p.id),
      ['d1/M1/M2', 'd1/M1/M3', 'd1/M2/M3', 'd2/M1/M2', 'd2/M1/M3', 'd2/M2/M3'],
    );
    assert.equal(table[1].summaryB, 'M3 d1');
    const a = writeJsonl(
      path.join(root, 'gpt.jsonl'),
      [1, 2, 3].map((i) => ({ id: `x${i}`, source: `S${i}`, summary: `g${i}` })),
    );
    const b = writeJsonl(
      path.join(root, 'llama.jsonl'),
      [2, 3, 4].map((i) => ({ id: `x${i}`, source: `S${i}`, summary: `l${i}` })),
    );
    const files = await pairsOfFiles(a, b);
    assert.deepEqual(
      files.pairs.map((p) => [p.id, p.summaryA, p.summaryB]),
      [
        ['x2/gpt/llama', 'g2', 'l2'],
        ['x3/gpt/llama', 'g3', 'l3'],
      ],
    );
    assert.equal(files.unmatched, 2);
  });

  it('deals pairs, keeps the order shown and the margin, counts the latest answer, and exports what pairwise reads', async () => {
    const data = writeJsonl(path.join(root, 'd.jsonl'), [{ id: 'unused', source: 's', summary: 's' }]);
    const { dir, review: definition } = createPairReview({
      pairs: pairsOf(['d1', 'd2', 'd3']),
      dataFiles: [data],
      raters: ['ann', 'bob'],
      perItem: 2,
      name: 'p',
      reviewsDir: root,
    });
    assert.equal(definition.questions![0].name, 'overall');
    assert.match(definition.questions![0].criteria, /^Which summary/);
    assert.ok(!fs.existsSync(path.join(dir, 'items.jsonl')));
    let review = await readReview(dir);
    assert.deepEqual(
      pairsFor(review, 'ann')
        .map((p) => p.id)
        .sort(),
      ['d1/M1/M2', 'd2/M1/M2', 'd3/M1/M2'],
    );
    await appendRating(dir, 'ann', { kind: 'preference', item: 'd1/M1/M2', aspect: 'overall', preference: 'A', margin: 2, shownFirst: 'B' }, review);
    await appendRating(dir, 'ann', { kind: 'preference', item: 'd1/M1/M2', aspect: 'overall', preference: 'tie', shownFirst: 'B' }, review);
    await appendRating(dir, 'ann', { kind: 'preference', item: 'd2/M1/M2', aspect: 'overall', preference: 'B', margin: 1, shownFirst: 'A' }, review);
    await appendRating(dir, 'bob', { kind: 'preference', item: 'd1/M1/M2', aspect: 'overall', preference: 'tie', shownFirst: 'A' }, review);
    await appendRating(dir, 'bob', { kind: 'preference', item: 'd3/M1/M2', aspect: 'overall', skipped: 'both empty' }, review);
    await assert.rejects(
      appendRating(dir, 'bob', { kind: 'preference', item: 'd9/M1/M2', aspect: 'overall', preference: 'A' }, review),
      /pair d9\/M1\/M2 is not in the review/,
    );
    fs.appendFileSync(
      ratingsFile(dir, 'bob'),
      '{"kind":"preference","item":"d2/M1/M2","aspect":"overall","preference":"tie","margin":2,"rater":"bob","at":"2026-01-01T00:00:00Z"}\n',
    );
    review = await readReview(dir);
    assert.equal(review.problems.length, 1);
    assert.match(review.problems[0].message, /margin goes with A or B/);
    assert.equal(review.problems[0].line, 3);
    const status = reviewStatus(review, { resamples: 0, seed: 1 });
    assert.deepEqual(status.pairs!.raters, [
      { rater: 'ann', assigned: 3, done: 2, answers: 2, skips: 0 },
      { rater: 'bob', assigned: 3, done: 2, answers: 1, skips: 1 },
    ]);
    assert.deepEqual(status.pairs!.agreement[0].counts, { A: 0, B: 1, tie: 2 });
    assert.equal(status.pairs!.agreement[0].pairedItems, 1);
    const lines = preferenceLines(review);
    assert.deepEqual(lines, [
      { item: 'd1', a: 'M1', b: 'M2', preference: 'tie', rater: 'ann', shownFirst: 'B' },
      { item: 'd2', a: 'M1', b: 'M2', preference: 'B', margin: 1, rater: 'ann', shownFirst: 'A' },
      { item: 'd1', a: 'M1', b: 'M2', preference: 'tie', rater: 'bob', shownFirst: 'A' },
    ]);
    assert.deepEqual(parsePreferences(lines.map((l) => JSON.stringify(l)).join('\n'), 'export'), lines);
  });

  it('imports a preferences file (its pairs in either order) all or nothing', async () => {
    const data = writeJsonl(path.join(root, 'd.jsonl'), [{ id: 'unused', source: 's', summary: 's' }]);
    const { dir } = createPairReview({ pairs: pairsOf(['d1', 'd2']), dataFiles: [data], raters: ['ann', 'bob'], perItem: 2, name: 'p', reviewsDir: root });
    const good = writeJsonl(path.join(root, 'good.jsonl'), [
      { item: 'd1', a: 'M2', b: 'M1', preference: 'A', margin: 2 },
      { item: 'd2', a: 'M1', b: 'M2', preference: 'tie' },
    ]);
    assert.equal(await importRatings(await readReview(dir), 'ann', good), 2);
    assert.deepEqual(
      preferenceLines(await readReview(dir)).map((l) => [l.item, l.preference, l.margin]),
      [
        ['d1', 'B', 2],
        ['d2', 'tie', undefined],
      ],
    );
    const bad = writeJsonl(path.join(root, 'bad.jsonl'), [
      { item: 'd1', a: 'M1', b: 'M2', preference: 'A' },
      { item: 'd1', a: 'M1', b: 'M9', preference: 'A' },
    ]);
    await assert.rejects(importRatings(await readReview(dir), 'bob', bad), /line 2.*no pair of M1 and M9 on d1/);
    assert.equal(fs.readFileSync(ratingsFile(dir, 'bob'), 'utf8'), '');
  });

  it("alpha (nominal) among the raters and each two raters' kappa equal numpy's", async () => {
    const fixture = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'test/fixtures/scipy/review-pairwise.json'), 'utf8')) as {
      raters: string[];
      docs: string[];
      answers: ('A' | 'B' | 'tie' | null)[][];
      alphaNominal: number;
      kappas: { raters: [string, string]; n: number; agreement: number; kappa: number }[];
    };
    const data = writeJsonl(path.join(root, 'd.jsonl'), [{ id: 'unused', source: 's', summary: 's' }]);
    const { dir } = createPairReview({ pairs: pairsOf(fixture.docs), dataFiles: [data], raters: fixture.raters, perItem: 2, name: 'p', reviewsDir: root });
    const review = await readReview(dir);
    for (const [r, rater] of fixture.raters.entries()) {
      for (const [i, doc] of fixture.docs.entries()) {
        const preference = fixture.answers[r][i];
        if (preference !== null)
          await appendRating(dir, rater, { kind: 'preference', item: `${doc}/M1/M2`, aspect: 'overall', preference, shownFirst: 'A' }, review);
      }
    }
    const [question] = reviewStatus(await readReview(dir), { resamples: 500, seed: 3 }).pairs!.agreement;
    const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} vs ${b}`);
    close(question.alphaNominal.value, fixture.alphaNominal, 'alpha');
    const { low, high } = question.alphaNominal.interval;
    assert.ok(low < fixture.alphaNominal && fixture.alphaNominal < high, `interval [${low}, ${high}]`);
    question.byRaters.forEach((k, i) => {
      assert.deepEqual(k.raters, fixture.kappas[i].raters);
      assert.equal(k.n, fixture.kappas[i].n);
      close(k.agreement, fixture.kappas[i].agreement, 'agreement');
      close(k.kappa, fixture.kappas[i].kappa, 'kappa');
    });
  });

  it('lists the pairs raters split on (A against B, not a tie against a side) and keeps an adjudicated answer beside theirs', async () => {
    const data = writeJsonl(path.join(root, 'd.jsonl'), [{ id: 'x' }]);
    const { dir } = createPairReview({
      pairs: pairsOf(['d1', 'd2', 'd3']),
      dataFiles: [data],
      raters: ['ann', 'bob'],
      perItem: 2,
      name: 'p',
      reviewsDir: root,
    });
    let review = await readReview(dir);
    const answer = (rater: string, doc: string, preference: 'A' | 'B' | 'tie') =>
      appendRating(dir, rater, { kind: 'preference', item: `${doc}/M1/M2`, aspect: 'overall', preference }, review);
    await answer('ann', 'd1', 'A');
    await answer('bob', 'd1', 'B');
    await answer('ann', 'd2', 'A');
    await answer('bob', 'd2', 'tie');
    await answer('ann', 'd3', 'B');
    await answer('bob', 'd3', 'B');
    review = await readReview(dir);
    const found = pairDisagreements(review);
    assert.deepEqual(
      found.map((d) => [d.pair, d.question, d.a, d.b, d.answers.map((a) => `${a.rater}:${a.preference}`).join(' ')]),
      [['d1/M1/M2', 'overall', 'M1', 'M2', 'ann:A bob:B']],
    );
    await appendRating(dir, 'cy', { kind: 'adjudication', item: 'd1/M1/M2', aspect: 'overall', preference: 'tie', comment: 'both miss a fact' }, review);
    const [settled] = pairDisagreements(await readReview(dir));
    assert.deepEqual([settled.adjudicated?.preference, settled.adjudicated?.by, settled.answers.length], ['tie', 'cy', 2]);
    await assert.rejects(
      appendRating(dir, 'cy', { kind: 'adjudication', item: 'd1/M1/M2', aspect: 'overall', preference: 'A', score: 3 }, review),
      /a score \(an item\) or a preference \(a pair\), one of the two/,
    );
    await assert.rejects(
      appendRating(dir, 'cy', { kind: 'adjudication', item: 'd9/M1/M2', aspect: 'overall', preference: 'A' }, review),
      /pair d9\/M1\/M2 is not in the review/,
    );
  });
});
