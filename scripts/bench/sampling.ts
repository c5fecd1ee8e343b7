/**
 * Adaptive sampling's cost against its loss, on real recorded answers (gpt-3.5-turbo,
 * Topical-Chat, G-Eval prompts, 20 answers per item; Chiang & Lee 2023): for several stop
 * rules, the mean answers drawn per item and Spearman's ρ with people against ρ with all 20
 * answers, per aspect. Answers are drawn in random orders (seeded; ρ is the mean over the
 * orders). The default rule (src/core/geval/adaptiveSampling.ts) is the cheapest here that
 * keeps ρ within 0.01 of all 20 on every aspect.
 */
import { DEFAULT_MAX_STANDARD_ERROR, DEFAULT_PRIOR_WEIGHT, stopRule } from '../../src/core/geval/adaptiveSampling';
import { allAnswersRho, readRecordedAspect, replayStopRule, type RecordedAspect } from '../../src/core/meta/adaptiveReplay';
import { datasetFolders, findDatasetFile } from '../../src/core/datasets/locate';
import '../../test/setup/sharedDatasets';
import { DEFAULT_SEED } from '../../src/core/stats/random';

export const RECORDED_ASPECTS = [
  { file: 'coh', aspect: 'coherence', scale: { min: 1, max: 3 } },
  { file: 'eng', aspect: 'engagingness', scale: { min: 1, max: 3 } },
  { file: 'gro', aspect: 'groundedness', scale: { min: 0, max: 1 } },
  { file: 'nat', aspect: 'naturalness', scale: { min: 1, max: 3 } },
];
export const ORDERS = 20;
const PRIOR_WEIGHTS = [0, 0.25, 0.5, 1];
const BOUNDS = [0.03, 0.04, 0.05, 0.06, 0.075, 0.1];
/** Largest loss of ρ a default may cost on any aspect. */
export const RHO_TOLERANCE = 0.01;

export function recordedPath(file: string): string | undefined {
  return findDatasetFile(`topical_chat/closer_look_chiang_lee2023/results/topical_chat/gpt3.5_${file}_geval.json`, datasetFolders(process.env));
}

export async function benchSampling(): Promise<string[]> {
  const loaded: { aspect: string; data: RecordedAspect; full: number }[] = [];
  for (const { file, aspect, scale } of RECORDED_ASPECTS) {
    const path = recordedPath(file);
    if (!path) return [`sampling: skipped, the recorded Topical-Chat answers (gpt3.5_${file}_geval.json) are absent`];
    const data = readRecordedAspect(path, aspect, scale, 'robust');
    loaded.push({ aspect, data, full: allAnswersRho(data) });
  }
  const lines = [
    `recorded gpt-3.5 answers, Topical-Chat (20 per item), ${ORDERS} seeded orders (seed ${DEFAULT_SEED}), batches of 5, at most 20;`,
    `ρ with all 20: ${loaded.map((l) => `${l.aspect} ${l.full.toFixed(3)}`).join(', ')}`,
    `bound = largest standard error of the mean as a share of the scale's range; prior = pseudo-answers of maximal spread`,
    `each cell: answers drawn per item / ρ − ρ(all 20)`,
    '',
    ['prior', 'bound', ...loaded.map((l) => l.aspect.padEnd(14)), 'mean drawn', 'requests', 'worst Δρ', ''].join('  '),
  ];
  let cheapest: { label: string; drawn: number } | undefined;
  for (const priorWeight of PRIOR_WEIGHTS) {
    for (const bound of BOUNDS) {
      const rule = stopRule({ maxStandardError: bound, priorWeight });
      const outcomes = loaded.map((l) => ({ ...replayStopRule(l.data, rule, ORDERS, DEFAULT_SEED), full: l.full }));
      const drawn = outcomes.reduce((sum, o) => sum + o.meanDrawn, 0) / outcomes.length;
      const requests = outcomes.reduce((sum, o) => sum + o.meanRequests, 0) / outcomes.length;
      const worst = Math.min(...outcomes.map((o) => o.rho - o.full));
      const label = `prior ${priorWeight}, bound ${bound}`;
      if (worst >= -RHO_TOLERANCE && (!cheapest || drawn < cheapest.drawn)) cheapest = { label, drawn };
      const isDefault = priorWeight === DEFAULT_PRIOR_WEIGHT && bound === DEFAULT_MAX_STANDARD_ERROR;
      lines.push(
        [
          String(priorWeight).padEnd(5),
          String(bound).padEnd(5),
          ...outcomes.map((o) => `${o.meanDrawn.toFixed(1).padStart(4)} / ${signed(o.rho - o.full)}`.padEnd(14)),
          drawn.toFixed(2).padStart(10),
          requests.toFixed(2).padStart(8),
          signed(worst).padStart(8),
          isDefault ? '← default' : '',
        ]
          .join('  ')
          .trimEnd(),
      );
    }
  }
  lines.push(
    '',
    `cheapest rule within ${RHO_TOLERANCE} of all 20 on every aspect: ${cheapest ? `${cheapest.label} (${cheapest.drawn.toFixed(2)} answers per item)` : 'none'}`,
  );
  lines.push(`default: prior ${DEFAULT_PRIOR_WEIGHT}, bound ${DEFAULT_MAX_STANDARD_ERROR} (--max-se); --max-se 0 draws all 20 in one request`);
  lines.push('requests: per item, where the server honours n (one batch per request); where it ignores n, every answer is a request');
  return lines;
}

function signed(x: number): string {
  return `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
}
