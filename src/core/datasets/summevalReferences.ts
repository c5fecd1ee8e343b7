/**
 * SummEval's 11 human references per document, for the fine-grained bench (paper §4.3:
 * the rubric is the entities at least five of them carry). They are read from BARTScore's
 * copy of the data (summeval/bartscore/data.from_pkl.json in the datasets folder), matched to
 * the dataset's items by article text.
 */
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { SumLensError } from '../errors';
import { readDataFile } from '../textInput';
import type { EvaluateHooks, EvaluateOptions, EvaluationInput } from '../evaluate';
import type { EvaluationResult } from '../result';
import { ReferenceRubrics } from '../fine/referenceRubric';

const ReferencesFile = z.record(z.string(), z.looseObject({ src: z.string(), ref_summs: z.array(z.string()).min(1) }));

/** Where the references sit beside summeval.json in the datasets folder. */
export function defaultReferencesPath(datasetPath: string): string {
  return join(dirname(datasetPath), 'bartscore', 'data.from_pkl.json');
}

/** Article text → its references. */
export function readSummEvalReferences(path: string): Map<string, string[]> {
  const text = readDataFile(path, `--references ${path}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SumLensError('bad-input', `${path}: cannot read the SummEval references: ${(error as Error).message}`);
  }
  const parsed = ReferencesFile.safeParse(json);
  if (!parsed.success) throw new SumLensError('bad-input', `${path}: not SummEval references (doc id → {src, ref_summs}): ${z.prettifyError(parsed.error)}`);
  return new Map(Object.values(parsed.data).map((doc) => [doc.src, doc.ref_summs]));
}

type Evaluator = (input: EvaluationInput, options: EvaluateOptions, hooks: EvaluateHooks) => Promise<EvaluationResult>;

/**
 * The evaluator of a fine-grained SummEval bench: every item gets its document's
 * references, and the items of a document share one rubric. An item whose article has no
 * references fails (it is not quietly judged against one reference instead).
 */
export function withSummEvalReferences(evaluate: Evaluator, references: Map<string, string[]>, path: string): Evaluator {
  const rubrics = new ReferenceRubrics();
  return (input, options, hooks) => {
    const found = references.get(input.source);
    if (!found) return Promise.reject(new SumLensError('bad-input', `${path} has no references for this article (it starts "${input.source.slice(0, 60)}")`));
    return evaluate({ ...input, references: found }, { ...options, referenceRubrics: rubrics }, hooks);
  };
}
