/**
 * Real recorded judge answers (gpt-3.5-turbo, G-Eval prompts, 20 samples per item, from
 * Chiang & Lee 2023) through both parse rules, from the datasets folder SUMLENS_DATASETS
 * names (test/setup/sharedDatasets.ts). Skipped where it does not hold them.
 */
import { strict as assert } from 'assert';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import * as z from 'zod';
import { readScore } from '../../../src/core/geval/parseScore';
import type { ScoreScale } from '../../../src/core/prompts/scoreScale';

const resultsDir = join(process.env.SUMLENS_DATASETS ?? '', 'topical_chat/closer_look_chiang_lee2023/results/topical_chat');
const recordedFile = z.array(z.object({ all_responses: z.array(z.string()) }));

/** Answers the robust rule may leave unread: only genuinely unreadable ones (a few per file). */
const MAX_ROBUST_UNPARSED_SHARE = 0.002;

const files: { name: string; scale: ScoreScale }[] = ['coh', 'eng', 'gro', 'nat'].flatMap((aspect) =>
  ['geval', 'geval_no_auto_cot'].map((variant) => ({
    name: `gpt3.5_${aspect}_${variant}.json`,
    scale: aspect === 'gro' ? { min: 0, max: 1 } : { min: 1, max: 3 },
  })),
);

describe('parse rules on recorded Topical-Chat answers', function () {
  before(function () {
    if (!existsSync(resultsDir)) this.skip();
  });

  for (const { name, scale } of files) {
    it(`${name}: the robust rule reads what the paper's rule drops, and agrees where both read`, () => {
      const items = recordedFile.parse(JSON.parse(readFileSync(join(resultsDir, name), 'utf8')));
      const answers = items.flatMap((item) => item.all_responses);
      let robustUnparsed = 0;
      let gevalUnparsed = 0;
      for (const answer of answers) {
        const robust = readScore(answer, scale, 'robust');
        const geval = readScore(answer, scale, 'geval');
        if (robust === null) robustUnparsed++;
        if (geval === null) gevalUnparsed++;
        // "1. Coherence: 3" is the one shape where the paper's leading-number rule reads a list marker.
        if (robust !== null && geval !== null && robust !== geval) assert.match(answer, /^1\. /, answer);
      }
      assert.ok(robustUnparsed / answers.length <= MAX_ROBUST_UNPARSED_SHARE, `${robustUnparsed} of ${answers.length} unread`);
      assert.ok(robustUnparsed <= gevalUnparsed);
    });
  }
});
