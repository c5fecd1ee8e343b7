/**
 * LongSciVerify (Bishop, Xie and Ananiadou, LREC-COLING 2024) as
 * ../shared/datasets/long/README.md describes it: 3 systems' summaries of 15 arXiv and 15
 * PubMed papers, each given 3 binary factuality labels by each of 3 experts. The human score
 * an item is correlated with ("faithfulness") is `factuality_mean`, the mean over experts of
 * each expert's mean label (0–1). Both subsets share that measure, so the whole file may be
 * measured at once, or one subset (`--subset arxiv|pubmed`).
 */
import * as z from 'zod';
import type { JsonLinesSet } from './dataset';
import { parseJsonLines } from './jsonLines';

const Annotation = z.looseObject({
  annotator: z.number().int(),
  coherence_rank: z.number(),
  fluency_rank: z.number(),
  // null: a label the expert did not give (two arXiv summaries).
  sent_factuality: z.array(z.union([z.literal(0), z.literal(1), z.null()])).min(1),
});

const Line = z.looseObject({
  id: z.string().min(1),
  dataset: z.enum(['arxiv', 'pubmed']),
  article_id: z.string().min(1),
  system: z.string().min(1),
  system_name: z.string(),
  source: z.string().min(1),
  source_words: z.number().int().nonnegative(),
  section_names: z.array(z.string()),
  reference: z.string(),
  summary: z.string().min(1),
  summary_words: z.number().int().nonnegative(),
  annotations: z.array(Annotation).min(1),
  factuality_mean: z.number().min(0).max(1),
});

export const longSciVerify: JsonLinesSet = {
  kind: 'longsciverify',
  recognises: (line) => 'annotations' in line && 'factuality_mean' in line,
  items: (text, path) =>
    parseJsonLines(text, path, Line, 'LongSciVerify').map((line) => ({
      doc_id: `${line.dataset}/${line.article_id}`,
      system_id: line.system,
      source: line.source,
      reference: line.reference,
      system_output: line.summary,
      scores: { faithfulness: line.factuality_mean },
      subset: line.dataset,
    })),
  subsets: ['arxiv', 'pubmed'],
  subsetRequired: false,
  caveats: {},
};
