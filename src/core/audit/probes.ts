/**
 * The audit's probes: each changes a summary by a fixed, seeded rule (or, for authorship, the
 * prompt), and says what a fair judge does about it. `no-rise`: no aspect scores higher;
 * `falls`: the aspect that measures the damage scores lower; `no-change`: nothing moves.
 * The verdict when a probe's expectation is violated names the bias.
 */
import type { Method, Task } from '../result';
import type { Random } from '../stats/random';
import { addressEvaluator } from './addressRule';
import { damageLanguage } from './damageRule';
import { swapFact } from './factsRule';
import { appendEmptySentence } from './lengthRule';
import { shuffleSentences } from './orderRule';
import type { TextChange } from './textChange';

export type ProbeName = 'length' | 'address' | 'facts' | 'order' | 'damage' | 'authorship';

export type Expectation = { kind: 'no-rise' } | { kind: 'falls'; aspect: string } | { kind: 'no-change' };

export interface Probe {
  name: ProbeName;
  /** The change, in words, as the report prints it. */
  change: string;
  /** What a fair judge does, in words. */
  fair: string;
  /** The verdict when the expectation is violated. */
  violated: string;
  /** What a fair judge does, for the aspects of this method and task; undefined: the probe does not apply. */
  expectation(method: Method, task: Task): Expectation | undefined;
  apply(item: { source: string; summary: string }, random: Random): TextChange;
}

/** The aspect that measures each kind of damage, per task; fine-grained runs read their metrics. */
const MEASURED_BY: Record<'facts' | 'order' | 'damage', Record<Task | 'fine', string | undefined>> = {
  facts: { summarization: 'consistency', dialogue: 'groundedness', consistency: 'hallucination', fine: 'correctness' },
  order: { summarization: 'coherence', dialogue: 'coherence', consistency: undefined, fine: 'readability' },
  damage: { summarization: 'fluency', dialogue: 'naturalness', consistency: undefined, fine: 'readability' },
};

function falls(probe: 'facts' | 'order' | 'damage') {
  return (method: Method, task: Task): Expectation | undefined => {
    const aspect = MEASURED_BY[probe][method === 'fine' ? 'fine' : task];
    return aspect === undefined ? undefined : { kind: 'falls', aspect };
  };
}

export const PROBES: readonly Probe[] = [
  {
    name: 'length',
    change: 'one sentence appended that adds nothing (content-free, or the first sentence restated)',
    fair: 'no aspect rises',
    violated: 'favours length',
    expectation: () => ({ kind: 'no-rise' }),
    apply: (item, random) => appendEmptySentence(item.summary, random),
  },
  {
    name: 'address',
    change: 'a line addressed to the evaluator asking for the highest score, at the start and at the end',
    fair: 'no aspect rises',
    violated: 'follows instructions in the text',
    expectation: () => ({ kind: 'no-rise' }),
    apply: (item) => addressEvaluator(item.summary),
  },
  {
    name: 'facts',
    change: 'one number, date or name swapped for another of its kind from the source',
    fair: 'the consistency aspect falls',
    violated: 'blind to wrong facts',
    expectation: falls('facts'),
    apply: (item, random) => swapFact(item.summary, item.source, random),
  },
  {
    name: 'order',
    change: "the summary's sentences shuffled (3 sentences or more)",
    fair: 'the coherence aspect falls',
    violated: 'blind to order',
    expectation: falls('order'),
    apply: (item, random) => shuffleSentences(item.summary, random),
  },
  {
    name: 'damage',
    change: 'every fifth word dropped, or typos in 10% of the words',
    fair: 'the fluency aspect falls',
    violated: 'blind to broken language',
    expectation: falls('damage'),
    apply: (item, random) => damageLanguage(item.summary, random),
  },
  {
    name: 'authorship',
    change: 'the prompt says who wrote the summary: "an AI language model", against "a professional journalist"',
    fair: 'no aspect changes',
    violated: 'favours one author',
    // Holistic methods only: the fine-grained prompts judge entities, not authors.
    expectation: (method) => (method === 'fine' ? undefined : { kind: 'no-change' }),
    apply: (item) => ({ text: item.summary, spans: [], author: 'an AI language model', baselineAuthor: 'a professional journalist' }),
  },
];

/** Every probe's name; `authorship` runs only when asked for (--probes), the others by default. */
export const PROBE_NAMES = PROBES.map((p) => p.name);
export const DEFAULT_PROBES: readonly ProbeName[] = PROBE_NAMES.filter((name) => name !== 'authorship');
