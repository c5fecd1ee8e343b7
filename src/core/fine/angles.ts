/**
 * The differently-angled prompts of each voted metric (paper §3.2): each is a template
 * prompts/fine/<name>.md asking the same question from another perspective. `evidence`
 * names the notes a judge may quote as evidence.
 */
import type { NoteName } from '../result';
import type { VotedMetric } from './voting';

export interface Angle {
  name: string;
  question: string;
  evidence: NoteName[];
}

export const ANGLES: Record<VotedMetric, Angle[]> = {
  completeness: [
    { name: 'completeness-present', question: 'is the rubric entity present in the target?', evidence: ['target'] },
    { name: 'completeness-coverage', question: 'is the concept of the entity covered by the target?', evidence: ['target'] },
    { name: 'completeness-support', question: 'does the target hold enough material to support the entity?', evidence: ['target'] },
  ],
  correctness: [
    { name: 'correctness-supported', question: 'do the source and reference support the target entity?', evidence: ['source', 'reference'] },
    { name: 'correctness-evidence', question: 'what does the evidence collected from the materials say about the entity?', evidence: ['source', 'reference'] },
    { name: 'correctness-faithful', question: 'is the entity free of hallucination and misinterpretation?', evidence: ['source', 'reference'] },
  ],
  alignment: [
    {
      name: 'alignment-definition',
      question: "does the entity belong in its section by the section's definition (one-section notes: is it relevant, not extraneous)?",
      evidence: ['source'],
    },
    // Asked only when a reference is given: without one there is no matching section to look in.
    { name: 'alignment-reference', question: 'does the entity appear in the corresponding section of the reference?', evidence: ['reference'] },
  ],
};
