/**
 * A voted metric (completeness, correctness, alignment): every angle judges all entities
 * (angles run concurrently), then each entity's answers are aggregated by the metric's
 * voting rule. An angle that fails is reported and is not a vote: an entity whose verdict
 * depends on the missing answers is unjudged (voting.ts).
 */
import type { NoteName, Vote } from '../result';
import type { TemplateVars } from '../prompts';
import { failureOf, isCancellation, type Failure } from '../errors';
import type { Angle } from './angles';
import type { FineContext } from './context';
import { showsSource, type ExcerptPlan } from './excerpts';
import { judgeAngle, type JudgedItem, type Judgement } from './judge';
import { aggregateVotes, VOTING_RULES, type VotedMetric } from './voting';

export interface EntityVerdict {
  verdict: string;
  votes: Vote[];
  /** Quotes from the judges whose answer is the verdict (all judges' when none agrees with it). */
  evidence: { note: NoteName; quote: string }[];
}

export interface VotedMetricResult {
  byId: Map<string, EntityVerdict>;
  errors: string[];
  /** One per angle that failed outright. */
  failures: Failure[];
}

export interface VotedMetricJob {
  metric: VotedMetric;
  angles: Angle[];
  items: JudgedItem[];
  vars: TemplateVars;
  /** Passages shown in place of a source too long to show whole (excerpts.ts). */
  excerpts?: ExcerptPlan;
}

export async function runVotedMetric(ctx: FineContext, { metric, angles, items, vars, excerpts }: VotedMetricJob): Promise<VotedMetricResult> {
  const rule = VOTING_RULES[metric];
  const errors: string[] = [];
  const failures: Failure[] = [];
  const perAngle = await Promise.all(
    angles.map(async (angle) => {
      try {
        const onGap = (problem: string) => errors.push(`${metric} (${angle.name}): ${problem} (those entities have no vote from this prompt)`);
        return {
          angle,
          judgements: await judgeAngle(ctx, {
            angle,
            answers: rule.answers,
            items,
            vars,
            onGap,
            excerpts: excerpts && showsSource(ctx, angle) ? excerpts : undefined,
          }),
        };
      } catch (error) {
        if (isCancellation(error)) throw error;
        errors.push(`${metric} (${angle.name}): ${(error as Error).message}`);
        failures.push(failureOf(error));
        return { angle, judgements: [] as Judgement[] };
      }
    }),
  );
  const byId = new Map<string, EntityVerdict>();
  for (const item of items) {
    const mine = perAngle.flatMap(({ angle, judgements }) => judgements.filter((j) => j.id === item.id).map((j) => ({ angle, j })));
    const verdict = aggregateVotes(
      rule,
      mine.map(({ j }) => j.answer),
      angles.length,
    );
    const agreeing = mine.filter(({ j }) => j.answer === verdict);
    byId.set(item.id, {
      verdict,
      votes: mine.map(({ angle, j }) => ({ prompt: angle.name, answer: j.answer, explanation: j.explanation })),
      evidence: (agreeing.length > 0 ? agreeing : mine).flatMap(({ j }) => j.evidence),
    });
  }
  return { byId, errors, failures };
}
