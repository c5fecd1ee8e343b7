/**
 * The check that a run file's header says what its records spent (headerSpend.test.ts,
 * maxCost.test.ts): the records added up here field by field, not with the engine's sum.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RunSpend } from '../../../src/core/run/runSpend';
import { readWholeRunFile, type RunRecord } from '../../../src/core/runFile/runRecord';

/** The records' spends added up field by field, independently of the engine's sum. */
function recordsSpend(records: RunRecord[]): RunSpend {
  return {
    usd: records.reduce((sum, r) => sum + r.spend!.usd!, 0),
    promptTokens: records.reduce((sum, r) => sum + r.spend!.promptTokens, 0),
    completionTokens: records.reduce((sum, r) => sum + r.spend!.completionTokens, 0),
    requests: records.reduce((sum, r) => sum + r.spend!.requests, 0),
    prices: [...new Set(records.map((r) => r.spend!.prices))],
    batch: false,
  };
}

/** The header's spend equals its records', within float rounding of the USD. */
export function assertHeaderSpend(file: string): RunSpend {
  const { header, records } = readWholeRunFile(file);
  assert.ok(header?.spend, `${file} has a spend in its header`);
  const { usd, ...counts } = recordsSpend(records);
  const { usd: headerUsd, ...headerCounts } = header.spend;
  assert.deepEqual(headerCounts, counts);
  assert.ok(Math.abs(headerUsd! - usd!) < 1e-12, `header $${headerUsd} vs records $${usd}`);
  assert.deepEqual(
    fs.readdirSync(path.dirname(file)).filter((name) => name.endsWith('.tmp')),
    [],
    'no temporary file is left',
  );
  return header.spend;
}
