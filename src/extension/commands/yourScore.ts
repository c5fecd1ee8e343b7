/**
 * "Your score" in the panel: the person scores an aspect of the shown summary (a whole number
 * on the aspect's scale); the score is kept beside the judge's in .sumlens/ratings.jsonl, and
 * the panel's agreement of judge and person is brought up to date.
 */
import type { AgreementRow, Estimate } from '../../core/agreement/agreementTable';
import { promises as fs } from 'fs';
import { sha256, type RatingsLog } from '../persistence/ratingsLog';
import type { SumLensPanel } from '../presentation/panel';
import type { PanelRatingAgreement } from '../webview/datasetSchemas';

const defined = (x: number): number | null => (Number.isFinite(x) ? x : null);
const estimate = (e: Estimate) => ({ value: defined(e.value), low: defined(e.interval.low), high: defined(e.interval.high) });

export function ratingAgreementModel(rows: AgreementRow[]): PanelRatingAgreement[] {
  return rows.map((r) => ({
    aspect: r.aspect,
    judge: r.judge,
    n: r.n,
    alphaInterval: estimate(r.alphaInterval),
    kappa: estimate(r.kappa),
    spearman: estimate(r.spearman),
    meanAbsoluteDifference: estimate(r.meanAbsoluteDifference),
  }));
}

export async function rateShownSummary(panel: SumLensPanel, ratings: RatingsLog, aspectName: string, score: number): Promise<void> {
  const { result, rated, yourScores } = panel.currentModel;
  const aspect = result?.aspects.find((a) => a.name === aspectName);
  // Only a scored aspect of the summary on show, and a whole number on its scale: anything else is not a rating.
  if (!result || !rated || !aspect || aspect.score === null || !Number.isInteger(score) || score < aspect.scale[0] || score > aspect.scale[1]) return;
  // The template's hash ties the rating to the prompt that made the judge's score.
  const template = aspect.template ? await fs.readFile(aspect.template, 'utf8').then(sha256, () => undefined) : undefined;
  await ratings.record({
    aspect: aspect.name,
    person: score,
    judge: aspect.score,
    judgeName: result.model,
    scale: aspect.scale,
    ...rated,
    ...(template ? { templateSha256: template } : {}),
  });
  panel.update({ yourScores: { ...yourScores, [aspect.name]: score } });
}
