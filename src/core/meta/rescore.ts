/**
 * `sumlens rescore RUN`: re-read a run file under another parse rule and/or a pass
 * threshold, without calling the judge. Sampling-route scores are recomputed from the raw
 * answers the run stored (AspectResult.answers); log-probability scores do not depend on a
 * parse rule and stay as they are; a sampling score whose answers were not stored (a run file
 * from before answers were kept) cannot be re-read and is counted as such, never guessed.
 */
import type { ParseRule } from '../geval/parseScore';
import { estimateFromSamples } from '../geval/samplingEstimate';
import type { AspectResult } from '../result';
import type { RunRecord } from '../runFile/runRecord';

export interface RescoreOptions {
  parseRule?: ParseRule;
  threshold?: number;
}

export interface AspectRescore {
  /** The score's name in the run file (the human aspect it is compared with). */
  aspect: string;
  items: number;
  /** Sampling scores recomputed from their stored answers. */
  reread: number;
  /** Scores kept as they were: log-probability scores (a parse rule does not apply), or no parse rule asked. */
  kept: number;
  /** Sampling scores without stored answers: kept as they were, not re-read. */
  notRereadable: number;
  /** Items without a score after rescoring. */
  missing: number;
  changed: number;
  meanBefore: number | null;
  meanAfter: number | null;
  /** Items scoring at least the threshold, of the items with a score. */
  passed?: number;
}

/** The judge aspect behind a run file's score: same name, else the record's only aspect (QAGS: hallucination). */
function judgeAspect(record: RunRecord, name: string): AspectResult | undefined {
  const aspects = (record.result?.aspects ?? []) as AspectResult[];
  return aspects.find((a) => a.name === name) ?? (aspects.length === 1 && Object.keys(record.scores).length === 1 ? aspects[0] : undefined);
}

type Reading = { kind: 'reread' | 'kept' | 'notRereadable' | 'missing'; aspect?: AspectResult };

function reread(record: RunRecord, name: string, rule: ParseRule | undefined): Reading {
  const aspect = judgeAspect(record, name);
  if (!aspect) return { kind: 'missing' };
  if (aspect.method === 'logprobs' || rule === undefined) return { kind: 'kept', aspect };
  if (!aspect.answers) return { kind: 'notRereadable', aspect };
  const estimate = estimateFromSamples(aspect.answers, { min: aspect.scale[0], max: aspect.scale[1] }, rule);
  return {
    kind: 'reread',
    aspect: { ...aspect, score: estimate.score, distribution: estimate.distribution, unparsed: estimate.unparsed },
  };
}

const mean = (values: number[]): number | null => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : null);

/** The rescored records (scores and the judged aspects updated) and a summary per score name. */
export function rescoreRecords(records: readonly RunRecord[], options: RescoreOptions): { records: RunRecord[]; summary: AspectRescore[] } {
  const names = [...new Set(records.flatMap((r) => Object.keys(r.scores)))];
  const summary = new Map<string, AspectRescore & { before: number[]; after: number[] }>(
    names.map((aspect) => [
      aspect,
      { aspect, items: 0, reread: 0, kept: 0, notRereadable: 0, missing: 0, changed: 0, meanBefore: null, meanAfter: null, before: [], after: [] },
    ]),
  );
  const rescored = records.map((record) => {
    const scores = { ...record.scores };
    const aspects = [...((record.result?.aspects ?? []) as AspectResult[])];
    for (const name of Object.keys(record.scores)) {
      const entry = summary.get(name)!;
      entry.items++;
      const reading = reread(record, name, options.parseRule);
      const before = record.scores[name];
      if (reading.kind !== 'missing') entry[reading.kind]++;
      const after = reading.kind === 'reread' ? (reading.aspect?.score ?? null) : before;
      if (after === null) entry.missing++;
      if (before !== null) entry.before.push(before);
      if (after !== null) entry.after.push(after);
      if (after !== before) entry.changed++;
      scores[name] = after;
      if (reading.kind === 'reread' && reading.aspect) {
        const index = aspects.findIndex((a) => a.name === reading.aspect!.name);
        aspects[index] = reading.aspect;
      }
    }
    const result = record.result ? { ...record.result, aspects } : undefined;
    return { ...record, scores, ...(result ? { result } : {}), ...(options.parseRule ? { rescored: { parseRule: options.parseRule } } : {}) };
  });
  return {
    records: rescored,
    summary: [...summary.values()].map(({ before, after, ...entry }) => ({
      ...entry,
      meanBefore: mean(before),
      meanAfter: mean(after),
      ...(options.threshold !== undefined ? { passed: after.filter((v) => v >= (options.threshold as number)).length } : {}),
    })),
  };
}
