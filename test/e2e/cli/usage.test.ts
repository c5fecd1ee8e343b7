/**
 * Usage errors as a user meets them: one line naming the problem and the command's --help,
 * exit 2, no stack trace and not the whole help. No server is needed: nothing is sent.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runInProcess } from './runInProcess';
import { stderrLines } from './runCli';

describe('sumlens usage errors (exit 2, one line, no stack, not the whole help)', function () {
  this.timeout(60_000);
  let dir: string;
  let base: string[];
  const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-usage-'));
    fs.writeFileSync(path.join(dir, 'a.txt'), 'An article.');
    fs.writeFileSync(path.join(dir, 's.txt'), 'A summary.');
    fs.writeFileSync(path.join(dir, 'file.txt'), 'not a folder');
    base = ['eval', '--source', path.join(dir, 'a.txt'), '--summary', path.join(dir, 's.txt')];
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const cases: Array<[string, () => string[], RegExp]> = [
    ['--samples abc', () => [...base, '--samples', 'abc'], /--samples.*'abc' is invalid.*whole number from 1 to 100/],
    ['--samples 0', () => [...base, '--samples', '0'], /--samples.*'0' is invalid/],
    ['--samples -3', () => [...base, '--samples', '-3'], /--samples.*'-3' is invalid/],
    ['--top-logprobs 25', () => [...base, '--top-logprobs', '25'], /--top-logprobs.*'25' is invalid.*from 1 to 20/],
    ['--concurrency 0', () => [...base, '--concurrency', '0'], /--concurrency.*'0' is invalid/],
    ['--timeout -1', () => [...base, '--timeout', '-1'], /--timeout.*'-1' is invalid.*seconds above 0/],
    ['--max-cost abc', () => [...base, '--max-cost', 'abc'], /--max-cost.*'abc' is invalid.*US dollars above 0/],
    ['--max-cost 0', () => [...base, '--max-cost', '0'], /--max-cost.*'0' is invalid/],
    ['--max-cost -1 on audit', () => ['audit', '--data', 'x.jsonl', '--max-cost', '-1'], /--max-cost.*'-1' is invalid/],
    ['--max-tokens 1.5 on bench', () => ['bench', '--dataset', 'x.json', '--max-tokens', '1.5'], /--max-tokens.*'1.5' is invalid.*whole number/],
    [
      '--max-cost on a model with no price, without --max-tokens',
      () => [...base, '--model', 'llama3.1:8b', '--max-cost', '1'],
      /llama3\.1:8b has no price in SumLens's price table .*--max-tokens/,
    ],
    [
      'an unknown aspect',
      () => [...base, '--aspects', 'coherence,cohrence'],
      /unknown aspect "cohrence" for --task summarization; valid: coherence, consistency, fluency, relevance/,
    ],
    [
      'an unknown aspect of another task',
      () => [...base, '--task', 'dialogue', '--aspects', 'fluency'],
      /unknown aspect "fluency" for --task dialogue; valid: coherence, engagingness, groundedness, naturalness/,
    ],
    ['an empty --aspects', () => [...base, '--aspects', ''], /--aspects.*at least one aspect/],
    ['an unknown option', () => [...base, '--sumary', 'x'], /unknown option '--sumary' \(did you mean --summary\?\)/],
    ['--prompts pointing at nothing', () => [...base, '--prompts', path.join(dir, 'nowhere')], /--prompts .*nowhere does not exist/],
    ['--prompts pointing at a file', () => [...base, '--prompts', path.join(dir, 'file.txt')], /--prompts .*file\.txt is not a folder/],
    ['a method that ignores the task', () => [...base, '--method', 'fine', '--task', 'dialogue'], /--method fine .*ignores --task dialogue/],
    ['an option the method ignores', () => [...base, '--method', 'fine', '--samples', '5'], /--samples has no effect with --method fine/],
    [
      'a missing required option',
      () => ['eval', '--source', path.join(dir, 'a.txt')],
      /give --source and --summary \(or --data FILE for a dataset\); see sumlens eval --help/,
    ],
    ['an invalid choice', () => [...base, '--method', 'gevl'], /--method.*'gevl' is invalid.*geval/],
    ['an unknown command', () => ['evl'], /unknown command 'evl' \(did you mean eval\?\)/],
    ['meta with an empty --aspect', () => ['meta', '--dataset', 'x.json', '--aspect', ' , '], /--aspect.*at least one aspect/],
    ['report without an output', () => ['report', 'run.jsonl'], /give --html FILE and\/or --md FILE/],
    ['compare --by system with two runs', () => ['compare', 'a.jsonl', 'b.jsonl', '--by', 'system'], /give one run with --by system/],
    [
      'bench --repeat with --batch',
      () => ['bench', '--dataset', 'x.json', '--repeat', '2', '--batch'],
      /--repeat runs against the endpoint directly, not with --batch/,
    ],
  ];

  for (const [what, args, message] of cases) {
    it(what, async () => {
      const run = await runInProcess(args(), env);
      assert.equal(run.code, 2, run.stderr);
      const lines = stderrLines(run);
      assert.equal(lines.length, 1, run.stderr);
      assert.match(lines[0], message);
      const command = args()[0] === 'evl' ? 'sumlens' : `sumlens ${args()[0]}`;
      assert.ok(lines[0].endsWith(`see ${command} --help`), lines[0]);
      assert.equal(lines[0].split('--help').length, 2, `the pointer to --help once: ${lines[0]}`);
      assert.ok(!/^\s+at /m.test(run.stderr) && !run.stderr.includes('Usage:'));
      assert.equal(run.stdout, '');
    });
  }

  it('prints no colour when stderr is not a terminal, and --help on stdout with exit 0', async () => {
    const bad = await runInProcess([...base, '--samples', 'abc'], env);
    assert.ok(!bad.stderr.includes('\x1b['));
    const help = await runInProcess(['--help'], {});
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Commands:[\s\S]*eval[\s\S]*cache/);
    assert.equal(help.stderr, '');
  });
});
