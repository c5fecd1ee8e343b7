/**
 * What a bench run over a dataset evaluates: the task, the judge aspects, and which human
 * aspect each one is compared with (QAGS's human "consistency" is judged by our
 * "hallucination" question, scored as P(consistent)).
 */
import type { Task } from '../result';
import type { Dataset, DatasetItem, DatasetKind } from './datasets';

export interface AspectPair {
  /** The aspect the judge scores (a template name). */
  judge: string;
  /** The dataset's human score it is compared with. */
  human: string;
}

const PLANS: Record<Exclude<DatasetKind, 'generic'>, { task: Task; aspects: AspectPair[] }> = {
  summeval: {
    task: 'summarization',
    aspects: ['coherence', 'consistency', 'fluency', 'relevance'].map((a) => ({ judge: a, human: a })),
  },
  topical_chat: {
    task: 'dialogue',
    aspects: ['naturalness', 'coherence', 'engagingness', 'groundedness'].map((a) => ({ judge: a, human: a })),
  },
  qags: { task: 'consistency', aspects: [{ judge: 'hallucination', human: 'consistency' }] },
};

export interface BenchPlan {
  task: Task;
  aspects: AspectPair[];
}

/**
 * The plan for a dataset; `aspects` (judge names) narrows or replaces the defaults. For a
 * generic dataset the task must be given and judge aspects compare with human aspects of the
 * same name.
 */
export function benchPlan(dataset: Dataset, aspects?: string[], task?: Task): BenchPlan {
  const known = dataset.kind === 'generic' ? undefined : PLANS[dataset.kind];
  const planTask = task ?? known?.task ?? 'summarization';
  if (!aspects || aspects.length === 0) {
    return { task: planTask, aspects: known?.aspects ?? dataset.aspects.map((a) => ({ judge: a, human: a })) };
  }
  return {
    task: planTask,
    aspects: aspects.map((judge) => known?.aspects.find((p) => p.judge === judge) ?? { judge, human: judge }),
  };
}

export interface BenchInput {
  source: string;
  summary: string;
  reference?: string;
  /** Dialogue: the knowledge fact the response should use. */
  context?: string;
  task: Task;
}

/**
 * A dataset item as evaluator input. Dialogue: the history is the source and the response the
 * text under evaluation. QAGS repeats the article as `reference`; it is dropped there, since a
 * reference equal to the source tells the judge nothing.
 */
export function toBenchInput(item: DatasetItem, task: Task): BenchInput {
  const input: BenchInput = { source: item.source, summary: item.system_output, task };
  if (item.reference !== undefined && item.reference !== item.source) input.reference = item.reference;
  if (item.context !== undefined) input.context = item.context;
  return input;
}
