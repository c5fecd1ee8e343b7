/**
 * What a bench run over a dataset evaluates: the task, the judge aspects, and which human
 * aspect each one is compared with (QAGS's human "consistency" is judged by our
 * "hallucination" question, scored as P(consistent); the long sets' "faithfulness" by our
 * "consistency" aspect).
 */
import type { EvaluationInput } from '../evaluate';
import { TASK_ASPECTS } from '../methodsAndTasks';
import type { Task } from '../result';
import type { Dataset, DatasetItem, DatasetKind } from '../datasets/dataset';

export interface AspectPair {
  /** The aspect the judge scores (a template name). */
  judge: string;
  /** The dataset's human score it is compared with. */
  human: string;
}

const PLANS: Record<Exclude<DatasetKind, 'generic'>, { task: Task; aspects: AspectPair[] }> = {
  summeval: {
    task: 'summarization',
    aspects: TASK_ASPECTS.summarization.map((a) => ({ judge: a, human: a })),
  },
  topical_chat: {
    task: 'dialogue',
    aspects: TASK_ASPECTS.dialogue.map((a) => ({ judge: a, human: a })),
  },
  qags: { task: 'consistency', aspects: [{ judge: 'hallucination', human: 'consistency' }] },
  // The long sets' human score is faithfulness to the source: SummEval's consistency aspect asks that.
  longeval: { task: 'summarization', aspects: [{ judge: 'consistency', human: 'faithfulness' }] },
  longsciverify: { task: 'summarization', aspects: [{ judge: 'consistency', human: 'faithfulness' }] },
  // JaFaithSum's summary level: faithful (1) or not (0).
  jafaithsum: { task: 'summarization', aspects: [{ judge: 'consistency', human: 'faithfulness' }] },
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

/**
 * A dataset item as evaluator input. Dialogue (Topical-Chat): the history is the source, the
 * response the text under evaluation, and the knowledge fact goes in as the reference (which
 * the dialogue templates read as {{fact}}). QAGS repeats the article as `reference`; it is
 * dropped there, since a reference equal to the source tells the judge nothing.
 */
export function datasetItemInput(item: DatasetItem, task: Task): EvaluationInput {
  const input: EvaluationInput = { source: item.source, summary: item.system_output, task };
  const reference = item.context ?? item.reference;
  if (reference !== undefined && reference !== item.source) input.reference = reference;
  return input;
}
