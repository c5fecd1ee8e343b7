/**
 * The published correlations of reason-grounded evaluation (Tanaka, advised by Kobayashi,
 * "評価理由の生成に基づく大規模言語モデルによる自動評価への取り組み", a thesis in Japanese;
 * Table 1 for SummEval and Appendix B for Topical-Chat), printed beside a
 * `bench --method choose` run under the thesis's protocol: items pooled (sample level),
 * per-aspect Pearson, Spearman and Kendall and their average. They are a fine-tuned
 * LongT5-Local-Large's figures on the thesis's own validation split
 * (239 and 53 items, chosen by document; which documents is not published), with reasons
 * from GPT-4o(-mini): a reference point, never the same judge or the same items as a run.
 */
import type { DatasetKind } from '../datasets/dataset';
import { mean } from '../stats/bootstrapMean';
import { formatFigure, renderTable } from './formatTable';
import type { MetaResult } from './metaEvaluate';

interface Row {
  method: string;
  /** The paper's AVG columns (r, ρ, τ over the four aspects), as printed. */
  avg: [number, number, number];
  figures: Record<string, [number, number, number]>;
}

const SUMMEVAL: Row[] = [
  {
    method: 'G-Eval (their run)',
    avg: [0.168, 0.491, 0.397],
    figures: { coherence: [0.035, 0.487, 0.378], consistency: [0.029, 0.483, 0.407], fluency: [0.456, 0.489, 0.403], relevance: [0.153, 0.506, 0.401] },
  },
  {
    method: 'directQA',
    avg: [0.536, 0.476, 0.442],
    figures: { coherence: [0.619, 0.599, 0.531], consistency: [0.458, 0.374, 0.363], fluency: [0.575, 0.482, 0.466], relevance: [0.493, 0.449, 0.408] },
  },
  {
    method: 'fsv1-mini',
    avg: [0.479, 0.426, 0.398],
    figures: { coherence: [0.516, 0.49, 0.435], consistency: [0.511, 0.444, 0.431], fluency: [0.314, 0.249, 0.243], relevance: [0.576, 0.523, 0.483] },
  },
  {
    method: 'fsv2-mini',
    avg: [0.553, 0.5, 0.462],
    figures: { coherence: [0.653, 0.636, 0.56], consistency: [0.517, 0.494, 0.477], fluency: [0.41, 0.276, 0.265], relevance: [0.631, 0.592, 0.545] },
  },
  {
    method: 'fsv2-4o',
    avg: [0.606, 0.558, 0.521],
    figures: { coherence: [0.635, 0.614, 0.551], consistency: [0.647, 0.575, 0.555], fluency: [0.484, 0.413, 0.398], relevance: [0.661, 0.631, 0.579] },
  },
];

const TOPICAL_CHAT: Row[] = [
  {
    method: 'G-Eval (their run)',
    avg: [0.424, 0.555, 0.443],
    figures: { naturalness: [0.495, 0.481, 0.376], coherence: [0.49, 0.534, 0.417], engagingness: [0.166, 0.652, 0.51], groundedness: [0.544, 0.551, 0.469] },
  },
  {
    method: 'directQA',
    avg: [0.583, 0.575, 0.513],
    figures: { naturalness: [0.482, 0.53, 0.468], coherence: [0.619, 0.557, 0.493], engagingness: [0.654, 0.662, 0.584], groundedness: [0.577, 0.552, 0.508] },
  },
  {
    method: 'fsv1-mini',
    avg: [0.428, 0.425, 0.376],
    figures: { naturalness: [0.421, 0.393, 0.347], coherence: [0.369, 0.386, 0.337], engagingness: [0.566, 0.534, 0.454], groundedness: [0.355, 0.388, 0.366] },
  },
  {
    method: 'fsv2-mini',
    avg: [0.528, 0.536, 0.468],
    figures: { naturalness: [0.348, 0.362, 0.314], coherence: [0.369, 0.423, 0.363], engagingness: [0.613, 0.607, 0.523], groundedness: [0.781, 0.75, 0.673] },
  },
  {
    method: 'fsv2-4o',
    avg: [0.623, 0.634, 0.563],
    figures: { naturalness: [0.576, 0.594, 0.529], coherence: [0.454, 0.509, 0.442], engagingness: [0.619, 0.617, 0.534], groundedness: [0.844, 0.815, 0.746] },
  },
];

const TABLES: Partial<Record<DatasetKind, { table: string; items: number; rows: Row[] }>> = {
  summeval: { table: 'Table 1 (SummEval)', items: 239, rows: SUMMEVAL },
  topical_chat: { table: 'Appendix B (Topical-Chat)', items: 53, rows: TOPICAL_CHAT },
};

/**
 * A run's average over its aspects, the share of its items where each aspect was not chosen,
 * then the thesis's rows under their label.
 */
export function reasonGroundedSection(
  kind: DatasetKind,
  results: readonly MetaResult[],
  notChosen: Record<string, { items: number; notChosen: number }>,
): string {
  const defined = (values: number[]) => values.filter((v) => Number.isFinite(v));
  const avg = (c: 'pearson' | 'spearman' | 'kendall') => formatFigure(mean(defined(results.map((r) => r[c]))));
  const missing = results
    .map((r) => notChosen[r.aspect])
    .map(
      (count, i) =>
        `${results[i].aspect} ${count && count.items > 0 ? `${count.notChosen} of ${count.items} (${((100 * count.notChosen) / count.items).toFixed(1)}%)` : 'n/a'}`,
    )
    .join(', ');
  const lines = [
    `Tanaka's protocol (items pooled): average r ${avg('pearson')}, ρ ${avg('spearman')}, τ ${avg('kendall')}`,
    `not chosen (counted missing): ${missing}`,
  ];
  const published = TABLES[kind];
  if (!published || results.some((r) => r.level !== 'sample')) return `${lines.join('\n')}\n`;
  const aspects = results.map((r) => r.aspect).filter((a) => published.rows[0].figures[a]);
  const cells = (row: Row) => {
    const triples = aspects.map((a) => row.figures[a]);
    // The paper's own AVG when the run has its four aspects; else the mean over the run's.
    const average = aspects.length === 4 ? row.avg : ([0, 1, 2].map((c) => mean(triples.map((t) => t[c]))) as [number, number, number]);
    return [...triples.map((t) => t[1].toFixed(3)), ...average.map((v) => v.toFixed(3))];
  };
  const table = renderTable(
    ['method', ...aspects.map((a) => `ρ ${a}`), 'avg r', 'avg ρ', 'avg τ'],
    published.rows.map((row) => [row.method, ...cells(row)]),
  );
  lines.push(
    '',
    `published, for reference only: Tanaka (advised by Kobayashi), ${published.table}: a fine-tuned LongT5-Local-Large reading reasons from GPT-4o(-mini), on the thesis's own ${published.items}-item validation split (not these items, not this judge)`,
    table,
  );
  return `${lines.join('\n')}\n`;
}
