/**
 * `sumlens agreement` with several people, missing scores and figures that are not defined,
 * as a user meets them (exit code, stdout, one stderr line). Each test first reproduced a
 * defect of issue 30: `--human x=h1,x=h2` used h2 alone; a blank cell was refused (exit 8);
 * `0x10` was read as 16 and `0b11` as 3; an undefined figure was "—" with no reason;
 * `--resamples 0` printed "95% … 0 resamples"; a missing column was "no number in …".
 * The figures are checked against scripts/scipy/agreement.py (test/fixtures/scipy/agreement.json).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../../src/core/paths';
import { runInProcess } from './runInProcess';

interface RatersCase {
  name: string;
  data: (number | null)[][];
  all: { interval: number; ordinal: number };
  people: number;
  pairwise: { n: number; interval: number; ordinal: number; spearman: number; meanAbsoluteDifference: number }[];
}

const reference = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'test/fixtures/scipy/agreement.json'), 'utf8')) as { raters: RatersCase[] };
const close = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-12, `${what}: ${actual} vs ${expected}`);

describe('sumlens agreement: several raters, missing scores, numbers as written, undefined figures', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-raters-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  /** A case as a CSV: one column per person (h1, h2, …), the last coder as the judge; a missing score is a blank cell. */
  function casesTable(c: RatersCase): { file: string; human: string } {
    const people = c.data.slice(0, -1);
    const judge = c.data[c.data.length - 1];
    const cell = (v: number | null) => (v === null ? '' : String(v));
    const rows = judge.map((j, i) => [String(i + 1), ...people.map((p) => cell(p[i])), cell(j)].join(','));
    const header = ['id', ...people.map((_, r) => `h${r + 1}`), 'pred'].join(',');
    return {
      file: write(`${c.name.replace(/\W+/g, '-')}.csv`, [header, ...rows].join('\n') + '\n'),
      human: people.map((_, r) => `coherence=h${r + 1}`).join(','),
    };
  }

  for (const c of reference.raters) {
    it(`--human x=h1,x=h2,…: alpha over every rater with blank cells, and the judge against each (${c.name})`, async () => {
      const { file, human } = casesTable(c);
      const run = await runInProcess(['agreement', file, '--human', human, '--judge', 'coherence=pred', '--json', '--resamples', '200'], {});
      assert.equal(run.code, 0, run.stderr);
      const json = JSON.parse(run.stdout);
      const [all] = json.allRaters;
      assert.deepEqual(
        all.raters,
        c.pairwise.map((_, r) => `h${r + 1}`),
        'every column given for the aspect is a rater',
      );
      close(all.alphaInterval.value, c.all.interval, 'alpha over all raters (interval)');
      close(all.alphaOrdinal.value, c.all.ordinal, 'alpha over all raters (ordinal)');
      close(all.peopleAlphaInterval.value, c.people, 'alpha among the people');
      assert.equal(json.rows.length, c.pairwise.length);
      json.rows.forEach((row: Record<string, { value: number }> & { rater: string; n: number }, r: number) => {
        const expected = c.pairwise[r];
        assert.equal(row.rater, `h${r + 1}`);
        assert.equal(row.n, expected.n);
        close(row.alphaInterval.value, expected.interval, `${row.rater} alpha (interval)`);
        close(row.alphaOrdinal.value, expected.ordinal, `${row.rater} alpha (ordinal)`);
        close(row.spearman.value, expected.spearman, `${row.rater} spearman`);
        close(row.meanAbsoluteDifference.value, expected.meanAbsoluteDifference, `${row.rater} mean |diff|`);
      });
      const text = await runInProcess(['agreement', file, '--human', human, '--judge', 'coherence=pred', '--resamples', '100'], {});
      assert.match(text.stdout, /^aspect +judge +rater +n +alpha \(interval\)/);
      assert.match(text.stdout, new RegExp(`coherence +judge +h1, h2.* +${c.all.interval.toFixed(3)} \\[`));
    });
  }

  it('an aspect given twice in --human is rated by both columns, not by the last alone', async () => {
    const file = write('two.csv', 'id,h1,h2,pred\n1,1,2,1\n2,2,2,2\n3,3,4,3\n4,5,4,4\n');
    const run = await runInProcess(['agreement', file, '--human', 'x=h1,x=h2', '--judge', 'x=pred', '--json', '--resamples', '0'], {});
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout);
    assert.deepEqual(
      json.rows.map((r: { rater: string; n: number }) => [r.rater, r.n]),
      [
        ['h1', 4],
        ['h2', 4],
      ],
    );
    assert.deepEqual(
      json.allRaters.map((r: { raters: string[]; items: number }) => [r.raters, r.items]),
      [[['h1', 'h2'], 4]],
    );
  });

  it('a ratings file with item and rater: the same alpha over all raters as the table', async () => {
    const [c] = reference.raters;
    const lines = c.data
      .slice(0, -1)
      .flatMap((person, r) =>
        person.flatMap((p, i) =>
          p === null || c.data[c.data.length - 1][i] === null
            ? []
            : [JSON.stringify({ aspect: 'coherence', item: i + 1, rater: `h${r + 1}`, person: p, judge: c.data[c.data.length - 1][i] })],
        ),
      );
    const run = await runInProcess(['agreement', write('raters.jsonl', lines.join('\n') + '\n'), '--json', '--resamples', '0'], {});
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout);
    assert.deepEqual(json.allRaters[0].raters, ['h1', 'h2', 'h3']);
    assert.deepEqual(
      json.rows.map((r: { n: number }) => r.n),
      c.pairwise.map((p) => p.n),
    );
    json.rows.forEach((row: { alphaInterval: { value: number } }, r: number) => close(row.alphaInterval.value, c.pairwise[r].interval, `h${r + 1}`));
  });

  it('a cell that is not a decimal number (0x10, 0b11, Infinity) is exit 8 naming its line and column', async () => {
    for (const [value, line] of [
      ['0x10', 3],
      ['0b11', 2],
      ['Infinity', 3],
      ['1_0', 2],
    ] as const) {
      const rows = ['id,expert,pred', '1,2,2.5', '2,4,3.5', '3,3,3'];
      rows[line - 1] = rows[line - 1].replace(/,[^,]+,/, `,${value},`);
      const run = await runInProcess(
        ['agreement', write(`hex-${line}.csv`, rows.join('\n') + '\n'), '--human', 'coherence=expert', '--judge', 'coherence=pred'],
        {},
      );
      assert.equal(run.code, 8, run.stderr);
      assert.match(run.stderr, new RegExp(`^sumlens: .*hex-${line}\\.csv: line ${line}, column expert: "${value}" is not a decimal number`));
      assert.equal(run.stderr.trim().split('\n').length, 1);
    }
    const written = await runInProcess(
      [
        'agreement',
        write('written.jsonl', '{"e": "-1.5e0", "p": ".5"}\n{"e": "+2", "p": 3}\n'),
        '--human',
        'x=e',
        '--judge',
        'x=p',
        '--json',
        '--resamples',
        '0',
      ],
      {},
    );
    assert.equal(written.code, 0, written.stderr);
    assert.equal(JSON.parse(written.stdout).rows[0].meanAbsoluteDifference.value, (2 + 1) / 2, 'signed, exponent and leading-point decimals as written');
  });

  it('a column no row has is named (exit 8), with the columns there are', async () => {
    const run = await runInProcess(
      ['agreement', write('columns.csv', 'id,expert,pred\n1,2,2.5\n2,4,3.5\n'), '--human', 'coherence=expret', '--judge', 'coherence=pred'],
      {},
    );
    assert.equal(run.code, 8);
    assert.match(run.stderr, /columns\.csv has no column expret \(--human coherence=expret\); its columns: id, expert, pred$/m);
  });

  it('says why a figure is not defined: "— (one item)", "— (all scores equal)"; JSON null with a reason', async () => {
    const one = await runInProcess(['agreement', write('one.jsonl', '{"aspect":"fluency","person":3,"judge":4}\n')], {});
    assert.equal(one.code, 0, one.stderr);
    assert.match(one.stdout, /fluency +judge +1 +— \(one item\) +— \(one item\) +— \(one item\) +— \(one item\) +1\.000 \[— \(one item\)\]/);
    const equal = write('equal.jsonl', [1, 2, 3, 4].map(() => '{"aspect":"fluency","person":3,"judge":3}').join('\n') + '\n');
    const text = await runInProcess(['agreement', equal], {});
    assert.match(text.stdout, /fluency +judge +4 +— \(all scores equal\) +— \(all scores equal\) +— \(all scores equal\) +— \(all scores equal\) +0\.000/);
    const json = JSON.parse((await runInProcess(['agreement', equal, '--json'], {})).stdout);
    assert.deepEqual(json.rows[0].spearman, {
      value: null,
      reason: 'all scores equal',
      interval: { low: null, high: null, level: 0.95, reason: 'all scores equal' },
    });
  });

  it('--resamples 0 prints no interval and says so; 1 to 99 is a usage error (exit 2)', async () => {
    const file = write('plain.jsonl', [1, 2, 3, 4, 5].map((p) => JSON.stringify({ aspect: 'fluency', person: p, judge: p % 3 })).join('\n') + '\n');
    const none = await runInProcess(['agreement', file, '--resamples', '0'], {});
    assert.equal(none.code, 0, none.stderr);
    assert.doesNotMatch(none.stdout, /95%|\[/);
    assert.match(none.stdout, /no intervals \(--resamples 0\)/);
    const json = JSON.parse((await runInProcess(['agreement', file, '--resamples', '0', '--json'], {})).stdout);
    assert.equal(json.rows[0].kappa.interval.reason, 'no resamples (--resamples 0)');
    const few = await runInProcess(['agreement', file, '--resamples', '20'], {});
    assert.equal(few.code, 2);
    assert.match(few.stderr, /--resamples 20: a 95% interval needs at least 100 resamples \(0 for no intervals\)/);
  });
});
