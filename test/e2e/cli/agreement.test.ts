/**
 * `sumlens agreement` as a user runs it: a ratings file and a table of items with human and
 * judge columns give the statistics that src/core/stats computes (checked against numpy and
 * scipy in test/unit/stats/agreement.test.ts) with their intervals; fewer than 30 items is
 * flagged on stderr; a bad line is exit 8 naming it; half a column mapping is exit 2.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { krippendorffAlpha } from '../../../src/core/stats/krippendorffAlpha';
import { weightedKappa } from '../../../src/core/stats/weightedKappa';
import { applyIsotonic, isotonicFit } from '../../../src/core/stats/isotonic';
import { FakeOpenAiServer, scoreReply } from '../../fake/openaiServer';
import { runInProcess } from './runInProcess';

describe('sumlens agreement', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-agreement-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  // A person's scores and a judge's that follows them with a known error pattern.
  const person = Array.from({ length: 40 }, (_, i) => 1 + (i % 5));
  const judge = person.map((p, i) => Math.min(5, Math.max(1, p + [0, 0.4, -0.6, 1, 0][i % 5] - (i % 7 === 0 ? 1 : 0))));

  it('reads ratings and prints alpha, kappa, Spearman and the mean difference with intervals', async () => {
    const file = path.join(dir, 'ratings.jsonl');
    fs.writeFileSync(file, person.map((p, i) => JSON.stringify({ aspect: 'consistency', person: p, judge: judge[i], judgeName: 'mini' })).join('\n') + '\n');
    const run = await runInProcess(['agreement', file, '--json', '--resamples', '300'], {});
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '', 'no warning at 40 items');
    const [row] = JSON.parse(run.stdout).rows;
    assert.equal(row.n, 40);
    assert.equal(row.judge, 'mini');
    assert.equal(row.alphaInterval.value, krippendorffAlpha([person, judge], 'interval'));
    assert.equal(row.kappa.value, weightedKappa(person, judge, 1, 5));
    for (const stat of ['alphaInterval', 'alphaOrdinal', 'kappa', 'spearman', 'meanAbsoluteDifference']) {
      assert.ok(row[stat].interval.low <= row[stat].value && row[stat].value <= row[stat].interval.high, `${stat} inside its interval`);
    }
    const text = await runInProcess(['agreement', file, '--resamples', '100'], {});
    assert.match(text.stdout, /^aspect +judge +n +alpha \(interval\)/);
    assert.match(text.stdout, /consistency +mini +40 +\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]/);
  });

  it('reads a table with --human and --judge columns, and warns under 30 items', async () => {
    const file = path.join(dir, 'scores.csv');
    fs.writeFileSync(file, ['id,expert,pred', ...person.slice(0, 12).map((p, i) => `${i},${p},${judge[i]}`)].join('\n') + '\n');
    const run = await runInProcess(['agreement', file, '--human', 'consistency=expert', '--judge', 'consistency=pred', '--json', '--resamples', '100'], {});
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).rows[0].alphaInterval.value, krippendorffAlpha([person.slice(0, 12), judge.slice(0, 12)], 'interval'));
    assert.match(run.stderr, /^sumlens: warning: consistency \(judge\) rests on 12 item\(s\), fewer than 30: its intervals are wide$/m);
  });

  it('calibrate fits a monotone map with its cross-validated gain; eval --calibration prints the mapped score beside the raw one', async () => {
    // A judge that squeezes the scale toward 3: calibration should stretch it back.
    const squeezed = person.map((p, i) => 2.4 + 0.3 * p + [0, 0.1, -0.1, 0.05, 0][i % 5]);
    const ratings = path.join(dir, 'squeezed.jsonl');
    fs.writeFileSync(ratings, person.map((p, i) => JSON.stringify({ aspect: 'coherence', person: p, judge: squeezed[i] })).join('\n') + '\n');
    const map = path.join(dir, 'maps', 'map.json');
    const fitted = await runInProcess(['calibrate', ratings, '--out', map, '--json'], {});
    assert.equal(fitted.code, 0, fitted.stderr);
    const [coherence] = JSON.parse(fitted.stdout).maps;
    assert.deepEqual([coherence.aspect, coherence.judge, coherence.items], ['coherence', 'judge', 40]);
    assert.ok(coherence.after.alphaInterval > coherence.before.alphaInterval + 0.2, JSON.stringify(coherence));
    assert.deepEqual(JSON.parse(fs.readFileSync(map, 'utf8')).maps[0].x, coherence.x);
    const expected = applyIsotonic(isotonicFit(squeezed, person), 3.5);

    const server = await FakeOpenAiServer.start();
    server.setHandler(() => scoreReply('3', { '3': 0.5, '4': 0.5 }));
    try {
      fs.writeFileSync(path.join(dir, 'a.txt'), 'The council met.');
      fs.writeFileSync(path.join(dir, 's.txt'), 'It met.');
      const env = { OPENAI_API_KEY: 'sk-cal', OPENAI_BASE_URL: server.url, XDG_CACHE_HOME: path.join(dir, 'xdg') };
      const args = ['eval', '--source', path.join(dir, 'a.txt'), '--summary', path.join(dir, 's.txt'), '--aspects', 'coherence', '--calibration', map];
      const text = await runInProcess(args, env);
      assert.equal(text.code, 0, text.stderr);
      assert.match(
        text.stdout,
        new RegExp(`calibrated to your people's scale by .*map\\.json \\(sha256 [0-9a-f]{12}…\\): coherence ${expected.toFixed(2)} \\(raw 3\\.50\\)`),
      );
      const json = await runInProcess([...args, '--json'], env);
      const parsed = JSON.parse(json.stdout);
      assert.equal(parsed.aspects[0].score, 3.5, 'the raw score stays');
      assert.equal(parsed.calibrated.scores.coherence, expected);
      fs.writeFileSync(map, '{"sumlens":"calibration"}');
      const before = server.chatRequests.length;
      const bad = await runInProcess(args, env);
      assert.equal(bad.code, 8);
      assert.match(bad.stderr, /is not a calibration map from sumlens calibrate/);
      assert.equal(server.chatRequests.length, before, 'nothing sent with a bad map');
    } finally {
      await server.close();
    }
  });

  it('names a bad line (exit 8) and refuses half a column mapping (exit 2)', async () => {
    const file = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ aspect: 'fluency', person: 2, judge: 3 })}\n{"aspect":"fluency","person":"two","judge":3}\n`);
    const bad = await runInProcess(['agreement', file], {});
    assert.equal(bad.code, 8);
    assert.match(bad.stderr, /bad\.jsonl:2: not a rating/);
    assert.equal(bad.stdout, '');
    const half = await runInProcess(['agreement', file, '--human', 'fluency=x'], {});
    assert.equal(half.code, 2);
    assert.match(half.stderr, /give --human and --judge together/);
  });
});
