/**
 * JaFaithSum (Tanaka, Keyaki and Komachi, "Constructing a Dataset for Hallucination Detection in
 * Japanese Summarization with Fine-grained Faithfulness Labels", EACL 2026 SRW) as
 * ../shared/datasets/ja/README.md describes it: 300 summaries of 100 Japanese news articles by
 * three summarisers (GPT-4o, Swallow, LLM-jp), a faithfulness label for every summary sentence
 * with its character offsets. The human score an item is correlated with ("faithfulness") is the
 * summary level: 1 when `hallucination_present` is `faithful`, else 0 (hallucinated, or a
 * paraphrase error only). Each summariser is a subset (`--subset GPT-4o|Swallow|LLM-jp`). Each item
 * also keeps its labelled sentences (`labelledSentences`), which `meta` holds the fine-grained
 * method's sentence verdicts against (meta/sentenceVerdicts.ts).
 * Licence CC BY-NC-SA 4.0: read by path, for evaluation, never copied into a package.
 */
import * as z from 'zod';
import type { JsonLinesSet } from './dataset';
import { parseJsonLines } from './jsonLines';

export const JA_FAITHSUM_SUMMARISERS = ['GPT-4o', 'Swallow', 'LLM-jp'] as const;

/** The aggregated sentence labels: unfaithful, faithful, or the annotators did not settle it. */
export const UNFAITHFUL_LABELS = ['Intrinsic Hallucination', 'Extrinsic Hallucination', 'Paraphrase Error', 'Mixed'] as const;
export const FAITHFUL_LABEL = 'Not-hallucination';
export const UNRESOLVED_LABELS = ['Unresolved-Single', 'Unresolved-Disagreement'] as const;
const SentenceLabel = z.enum([...UNFAITHFUL_LABELS, FAITHFUL_LABEL, ...UNRESOLVED_LABELS]);

/** A summary sentence as the annotators split and labelled it: UTF-16 offsets into the summary. */
export const LabelledSentence = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative(), label: SentenceLabel });
export type LabelledSentence = z.infer<typeof LabelledSentence>;

const Sentence = z.looseObject({
  sentence_id: z.number().int().nonnegative(),
  text: z.string(),
  start_char: z.number().int().nonnegative(),
  end_char: z.number().int().nonnegative(),
  hallucination_type: SentenceLabel,
});

const Line = z.looseObject({
  example_id: z.string().min(1),
  input_id: z.number().int().nonnegative(),
  model: z.enum(JA_FAITHSUM_SUMMARISERS),
  source_text: z.string().min(1),
  summary_text: z.string().min(1),
  hallucination_present: z.enum(['faithful', 'hallucinated', 'paraphrase_error_only']),
  sentences: z.array(Sentence).min(1),
  xlsum_summary: z.string(),
});

export const jaFaithSum: JsonLinesSet = {
  kind: 'jafaithsum',
  recognises: (line) => 'hallucination_present' in line && 'summary_text' in line,
  items: (text, path) =>
    parseJsonLines(text, path, Line, 'JaFaithSum').map((line) => ({
      doc_id: String(line.input_id),
      system_id: line.model,
      source: line.source_text,
      reference: line.xlsum_summary,
      system_output: line.summary_text,
      scores: { faithfulness: line.hallucination_present === 'faithful' ? 1 : 0 },
      subset: line.model,
      labelledSentences: line.sentences.map((s): LabelledSentence => ({ start: s.start_char, end: s.end_char, label: s.hallucination_type })),
    })),
  subsets: JA_FAITHSUM_SUMMARISERS,
  subsetRequired: false,
  caveats: {},
};
