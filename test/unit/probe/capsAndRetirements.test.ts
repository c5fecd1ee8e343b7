import { strict as assert } from 'assert';
import { readCap } from '../../../src/core/llm/refusal';
import { retirementOf } from '../../../src/core/probe/retirements';

// Wordings from ../shared/guides/provider-behaviours.md.
const caps: [string, number | undefined][] = [
  ["Invalid 'n': integer above maximum value. Expected a value <= 128, but got 130 instead.", 128],
  ['Requested sample logprobs of 21, which is greater than max allowed: 20 (parameter=logprobs, value=21)', 20],
  ['Cannot request more than 5 logprobs.', 5],
  ['top_logprobs must be between 0 and 20', 20],
  ["'n' : number must be at most 1", 1],
  ['n: Must be exactly 1', 1],
  ['candidateCount value of 2 but the supported range is from 1 (inclusive) to 9 (exclusive)', 8],
  ['You are not allowed to request logprobs from this model', undefined],
  ['Only one completion choice is allowed', 1],
];

describe('readCap: the limit a refusal states', () => {
  for (const [message, cap] of caps) it(`${JSON.stringify(message)} → ${cap}`, () => assert.equal(readCap(message), cap));
});

describe('retirementOf: models on the shipped retirement list', () => {
  it('gpt-4o and gpt-4.1, their dated snapshots and provider-prefixed names, retire 2027-01-14', () => {
    for (const model of ['gpt-4o', 'gpt-4o-2024-08-06', 'openai/gpt-4.1', 'GPT-4.1']) assert.equal(retirementOf(model)?.date, '2027-01-14', model);
  });
  it('gpt-4o-mini and gpt-4.1-mini retire 2027-01-14; gpt-5, gpt-5-mini and gpt-5-nano 2026-12-11', () => {
    for (const model of ['gpt-4o-mini', 'gpt-4o-mini-2024-07-18', 'openai/gpt-4.1-mini']) assert.equal(retirementOf(model)?.date, '2027-01-14', model);
    for (const model of ['gpt-5', 'gpt-5-2025-08-07', 'gpt-5-mini', 'azure/gpt-5-nano']) assert.equal(retirementOf(model)?.date, '2026-12-11', model);
  });
  it('other models of the family are not on it', () => {
    for (const model of ['gpt-4', 'gpt-4.10', 'gpt-4o-mini-tts', 'gpt-5.1', 'gpt-5-codex']) assert.equal(retirementOf(model), undefined, model);
  });
});
