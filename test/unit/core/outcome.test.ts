import * as assert from 'node:assert/strict';
import { failedParts, runOutcome } from '../../../src/core/outcome';
import type { AspectResult, EvaluationResult, FineResult } from '../../../src/core/result';
import { resultJson } from '../../../src/core/resultJson';

const usage = { calls: 0, promptTokens: 0, completionTokens: 0, cacheHits: 0, retries: 0 };
const scored = (name: string): AspectResult => ({
  name,
  task: 'summarization',
  score: 3,
  scale: [1, 5],
  distribution: { 3: 1 },
  method: 'logprobs',
  validMass: 1,
});
const failed = (name: string, errorCode: AspectResult['errorCode'], error = `${errorCode} happened`): AspectResult => ({
  ...scored(name),
  score: null,
  distribution: {},
  validMass: 0,
  error,
  errorCode,
});
const run = (aspects: AspectResult[], fine?: FineResult): EvaluationResult => ({
  aspects,
  ...(fine ? { fine } : {}),
  usage,
  model: 'm',
  endpoint: 'e',
  method: fine ? 'all' : 'geval',
  task: 'summarization',
  durationMs: 1,
});
const metric = { ratio: 1, score: 5 };
const fine = (failures: FineResult['failures']): FineResult => ({
  completeness: failures?.completeness ? null : metric,
  correctness: failures?.correctness ? null : metric,
  alignment: failures?.alignment ? null : metric,
  readability: failures?.readability ? null : metric,
  entities: [],
  findings: [],
  ...(failures ? { failures } : {}),
});

describe('runOutcome: the code a run ends with', () => {
  it('is none when nothing failed, the cause when everything failed, partial in between', () => {
    assert.equal(runOutcome(run([scored('a'), scored('b')])), undefined);
    assert.equal(runOutcome(run([failed('a', 'timeout'), failed('b', 'timeout')])), 'timeout');
    assert.equal(runOutcome(run([failed('a', 'rate-limited'), failed('b', 'server-error'), failed('c', 'server-error')])), 'server-error');
    assert.equal(runOutcome(run([failed('a', 'timeout'), scored('b')])), 'partial');
    assert.equal(runOutcome(run([scored('a')], fine({ readability: { code: 'invalid-reply', message: 'm' } }))), 'partial');
    assert.equal(runOutcome({ ...run([failed('a', 'timeout')]), cancelled: true }), 'cancelled');
  });

  it('counts fine-grained metrics as parts, and a metric that is null without a failure as not failed', () => {
    const everything = { code: 'server-error' as const, message: 'boom' };
    const all = fine({ completeness: everything, correctness: everything, alignment: everything, readability: everything });
    assert.equal(runOutcome(run([failed('a', 'server-error', 'boom')], all)), 'server-error');
    assert.deepEqual(
      failedParts(run([], all)).map((p) => p.part),
      ['fine-grained completeness', 'fine-grained correctness', 'fine-grained alignment', 'fine-grained readability'],
    );
    assert.equal(runOutcome(run([scored('a')], { ...fine(undefined), completeness: null })), undefined);
  });
});

describe('resultJson: failed parts as { error: { code, message } }', () => {
  it('replaces the score of a failed aspect and metric by the error, and leaves scored parts alone', () => {
    const json = resultJson(run([failed('a', 'timeout', 'slow'), scored('b')], fine({ readability: { code: 'invalid-reply', message: 'bad' } }))) as {
      aspects: Record<string, unknown>[];
      fine: Record<string, unknown>;
    };
    assert.deepEqual(json.aspects[0].error, { code: 'timeout', message: 'slow' });
    assert.ok(!('score' in json.aspects[0]) && !('errorCode' in json.aspects[0]) && !('distribution' in json.aspects[0]));
    assert.equal(json.aspects[1].score, 3);
    assert.deepEqual(json.fine.readability, { error: { code: 'invalid-reply', message: 'bad' } });
    assert.deepEqual(json.fine.correctness, metric);
    assert.ok(!('failures' in json.fine));
  });
});
