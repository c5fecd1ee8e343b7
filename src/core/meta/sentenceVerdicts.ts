/**
 * The fine-grained method against JaFaithSum's annotators, sentence by sentence (issue 42):
 * a summary sentence is unfaithful by SumLens when an incorrect or unsupported finding on the
 * summary falls on it (the labelled sentence its span overlaps most), and unfaithful by the
 * annotators when its label is Intrinsic, Extrinsic, Paraphrase Error or Mixed; an Unresolved
 * sentence is left out and counted. Balanced accuracy with its Wilson-style interval and the
 * confusion matrix, per summariser and overall; at the summary level (`hallucination_present`),
 * the AUROC of the correctness ratio for faithful summaries against the others.
 */
import * as z from 'zod';
import { type LabelledSentence, LabelledSentence as LabelledSentenceSchema, UNFAITHFUL_LABELS } from '../datasets/jaFaithSum';
import type { Dataset, DatasetItem } from '../datasets/dataset';
import { SumLensError } from '../errors';
import { isFinished, type RunRecord } from '../runFile/runRecord';
import { auroc, type Auroc } from '../stats/auroc';
import { addConfusion, balancedAccuracy, EMPTY_CONFUSION, type BalancedAccuracy, type Confusion } from '../stats/balancedAccuracy';

/** What a record's result must hold: the fine-grained findings and the correctness ratio. */
const FineOfRecord = z.looseObject({
  fine: z.looseObject({
    correctness: z.looseObject({ ratio: z.number() }).nullable(),
    findings: z.array(z.looseObject({ kind: z.string(), note: z.string(), start: z.number(), end: z.number(), located: z.boolean().optional() })),
  }),
});
type FineOfRecord = z.infer<typeof FineOfRecord>['fine'];
type FindingSpan = FineOfRecord['findings'][number];

/** The finding kinds that make a sentence unfaithful. */
const UNFAITHFUL_KINDS = new Set(['incorrect', 'unsupported']);

export interface SentenceVerdictRow {
  /** A summariser, or "all". */
  summariser: string;
  /** Summaries with a fine-grained result. */
  summaries: number;
  /** Labelled sentences held against the verdicts (Unresolved ones left out). */
  sentences: number;
  unresolved: number;
  /** Positive: unfaithful. */
  confusion: Confusion;
  balancedAccuracy: BalancedAccuracy;
  /** The correctness ratio, faithful summaries (positives) against hallucinated or paraphrase-error ones. */
  summaryLevel: Auroc;
}

export interface SentenceVerdictReport {
  rows: SentenceVerdictRow[];
  /** Summaries of the dataset with no finished fine-grained record. */
  notJudged: number;
  /** Incorrect or unsupported findings on the summary whose quote was not found: they mark no sentence. */
  unlocatedFindings: number;
  /** Located ones that overlap no labelled sentence (white space between sentences). */
  findingsOffSentences: number;
  /** Summaries with no correctness ratio (no fact judged), left out of the AUROC. */
  withoutCorrectness: number;
  method: string;
}

/** The labelled sentence a span falls on: the one it overlaps most (a span of no length: the one holding it). */
export function sentenceOf(sentences: readonly LabelledSentence[], span: { start: number; end: number }): number | undefined {
  let best: number | undefined;
  let bestOverlap = 0;
  sentences.forEach((s, i) => {
    const overlap = Math.min(s.end, span.end) - Math.max(s.start, span.start);
    const holds = span.start === span.end && s.start <= span.start && span.start < s.end;
    if (overlap > bestOverlap || (holds && best === undefined)) [best, bestOverlap] = [i, Math.max(overlap, 0)];
  });
  return best;
}

function labelledSentences(dataset: Dataset, item: DatasetItem): LabelledSentence[] {
  const parsed = z.array(LabelledSentenceSchema).safeParse((item as Record<string, unknown>).labelledSentences);
  if (!parsed.success) throw new SumLensError('bad-input', `${dataset.path}: item ${item.index} has no labelled sentences: not JaFaithSum?`);
  return parsed.data;
}

/** A finished record's fine-grained result; undefined for another method's record or an unfinished one. */
function fineOf(record: RunRecord | undefined, where: string): FineOfRecord | undefined {
  if (!record || !isFinished(record) || record.result?.fine === undefined) return undefined;
  const parsed = FineOfRecord.safeParse(record.result);
  if (!parsed.success)
    throw new SumLensError('bad-input', `${where}: record "${record.key}": its fine-grained result is not one SumLens wrote: ${z.prettifyError(parsed.error)}`);
  return parsed.data.fine;
}

interface ItemTally {
  confusion: Confusion;
  sentences: number;
  unresolved: number;
  unlocated: number;
  offSentences: number;
}

/** One summary's sentences: SumLens's verdict (a flagged sentence) against the annotators' label. */
function tallyItem(sentences: readonly LabelledSentence[], findings: readonly FindingSpan[]): ItemTally {
  const flagged = new Set<number>();
  const tally: ItemTally = { confusion: EMPTY_CONFUSION, sentences: 0, unresolved: 0, unlocated: 0, offSentences: 0 };
  for (const finding of findings.filter((f) => f.note === 'target' && UNFAITHFUL_KINDS.has(f.kind))) {
    if (finding.located === false) tally.unlocated++;
    else {
      const at = sentenceOf(sentences, finding);
      if (at === undefined) tally.offSentences++;
      else flagged.add(at);
    }
  }
  const unfaithfulLabels: readonly string[] = UNFAITHFUL_LABELS;
  sentences.forEach((s, i) => {
    if (s.label.startsWith('Unresolved')) {
      tally.unresolved++;
      return;
    }
    tally.sentences++;
    const human = unfaithfulLabels.includes(s.label);
    const cell: keyof Confusion = flagged.has(i) ? (human ? 'truePositive' : 'falsePositive') : human ? 'falseNegative' : 'trueNegative';
    tally.confusion = { ...tally.confusion, [cell]: tally.confusion[cell] + 1 };
  });
  return tally;
}

interface Judged {
  summariser: string;
  tally: ItemTally;
  faithful: boolean;
  correctness?: number;
}

function row(summariser: string, judged: readonly Judged[]): SentenceVerdictRow {
  const confusion = judged.reduce((sum, j) => addConfusion(sum, j.tally.confusion), EMPTY_CONFUSION);
  const scored = judged.filter((j) => j.correctness !== undefined);
  return {
    summariser,
    summaries: judged.length,
    sentences: judged.reduce((sum, j) => sum + j.tally.sentences, 0),
    unresolved: judged.reduce((sum, j) => sum + j.tally.unresolved, 0),
    confusion,
    balancedAccuracy: balancedAccuracy(confusion),
    summaryLevel: auroc(
      scored.filter((j) => j.faithful).map((j) => j.correctness!),
      scored.filter((j) => !j.faithful).map((j) => j.correctness!),
    ),
  };
}

/** The report for a JaFaithSum dataset (or subset) and the records of a run on it; undefined when no record is a fine-grained one. */
export function sentenceVerdicts(dataset: Dataset, records: readonly RunRecord[], recordsPath: string): SentenceVerdictReport | undefined {
  const byKey = new Map(records.map((r) => [r.key, r])); // the last record of a key wins
  const judged: Judged[] = [];
  for (const item of dataset.items) {
    const fine = fineOf(byKey.get(item.key), recordsPath);
    if (!fine) continue;
    const tally = tallyItem(labelledSentences(dataset, item), fine.findings);
    judged.push({ summariser: String(item.system_id), tally, faithful: item.scores.faithfulness === 1, correctness: fine.correctness?.ratio });
  }
  if (judged.length === 0) return undefined;
  const summarisers = [...new Set(judged.map((j) => j.summariser))];
  return {
    rows: [
      ...summarisers.map((s) =>
        row(
          s,
          judged.filter((j) => j.summariser === s),
        ),
      ),
      row('all', judged),
    ],
    notJudged: dataset.items.length - judged.length,
    unlocatedFindings: judged.reduce((sum, j) => sum + j.tally.unlocated, 0),
    findingsOffSentences: judged.reduce((sum, j) => sum + j.tally.offSentences, 0),
    withoutCorrectness: judged.filter((j) => j.correctness === undefined).length,
    method:
      'sentence unfaithful by SumLens: an incorrect or unsupported finding on it; by the annotators: Intrinsic, Extrinsic, Paraphrase Error or Mixed ' +
      '(Unresolved left out). Balanced accuracy with a 95% Wilson interval per share combined by MOVER (Zou and Donner 2008), sentences taken as independent; ' +
      'summary level: AUROC of the correctness ratio, faithful against the rest, 95% DeLong interval',
  };
}
