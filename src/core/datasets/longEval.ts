/**
 * LongEval (Krishna et al., EACL 2023) as ../shared/datasets/long/README.md describes it:
 * 40 PubMed and 40 SQuALITY summaries of long sources, with people's per-sentence support
 * labels. The human score an item is correlated with ("faithfulness"):
 * - pubmed: `fine_score_mean`, the three annotators' mean share of supported units (0–100),
 *   the score Wu et al. (EACL 2024) correlate GPT-4 with;
 * - squality: `sentence_label_mean`, the share of labelled summary sentences found supported
 *   (0–1). SQuALITY has no public summary-level faithfulness score; this stands in for it
 *   and is not comparable with published correlations (said with every figure).
 * The two are different measures, so the file is always measured one subset at a time.
 * SQuALITY's stories carry HTML line breaks (`<br />`); they become line breaks here, so
 * that a judge and the lexical baseline read text, not markup.
 */
import * as z from 'zod';
import type { JsonLinesSet } from './dataset';
import { parseJsonLines } from './jsonLines';

const Label = z.union([z.literal(0), z.literal(1), z.null()]);
const Count = z.number().int().nonnegative();

const Line = z
  .looseObject({
    id: z.string().min(1),
    dataset: z.enum(['pubmed', 'squality']),
    doc_id: z.string().min(1),
    system: z.string().min(1),
    source: z.string().min(1),
    source_words: Count,
    reference: z.string().nullable(),
    summary: z.string().min(1),
    summary_words: Count,
    sentence_labels: z.array(Label).min(1),
    summary_sentences: z.array(z.string()).nullable(),
    sentences_aligned: z.boolean(),
    sentence_label_mean: z.number().min(0).max(1),
    fine_scores: z.array(z.number().min(0).max(100)).nullable(),
    fine_score_mean: z.number().min(0).max(100).nullable(),
    squality_coarse: z.looseObject({ ratings: z.array(z.looseObject({})), mean: z.record(z.string(), z.number()) }).nullable(),
  })
  .refine((line) => line.dataset !== 'pubmed' || line.fine_score_mean !== null, {
    message: 'a PubMed line needs fine_score_mean, its summary-level human score',
    path: ['fine_score_mean'],
  });

type LongEvalLine = z.infer<typeof Line>;

const BR = /<br\s*\/?>/gi;

function humanScore(line: LongEvalLine): number {
  return line.dataset === 'pubmed' ? (line.fine_score_mean as number) : line.sentence_label_mean;
}

export const longEval: JsonLinesSet = {
  kind: 'longeval',
  recognises: (line) => 'sentence_labels' in line && 'fine_score_mean' in line,
  items: (text, path) =>
    parseJsonLines(text, path, Line, 'LongEval').map((line) => ({
      doc_id: `${line.dataset}/${line.doc_id}`,
      system_id: line.system,
      source: line.dataset === 'squality' ? line.source.replace(BR, '\n') : line.source,
      ...(line.reference !== null ? { reference: line.reference } : {}),
      system_output: line.summary,
      scores: { faithfulness: humanScore(line) },
      subset: line.dataset,
    })),
  subsets: ['pubmed', 'squality'],
  subsetRequired: true,
  caveats: {
    squality:
      "SQuALITY has no public summary-level faithfulness score: the human score here is the share of a summary's labelled sentences people found supported (sentence_label_mean), not comparable with published correlations",
  },
};
