/**
 * A jury as run specs: one per judge, each the command's spec with the judge's own endpoint,
 * model and name, and its own route and sample count where the judges file gives them (a
 * judge's way of being asked is part of the judge). Nothing else differs, so each judge is
 * sent exactly what it is sent alone with the same options.
 */
import { endpointOf } from '../runSpec/buildSpec';
import type { RunSpec } from '../runSpec/runSpec';
import type { JudgeSpec } from './judgesFile';
import type { PoolRule } from '../methodsAndTasks';

export function jurySpecs(spec: RunSpec, judges: readonly JudgeSpec[]): RunSpec[] {
  return judges.map((judge) => ({
    ...spec,
    judge: { name: judge.name, endpoint: endpointOf(judge.baseUrl), model: judge.model },
    ...(judge.route ? { route: judge.route } : {}),
    ...(judge.samples ? { samples: judge.samples } : {}),
  }));
}

/** The spec recorded in the jury's own run file (its pooled scores, read as one judge's by compare and report). */
export function pooledJurySpec(judges: readonly RunSpec[], pool: PoolRule): RunSpec {
  return { ...judges[0], judge: { endpoint: 'jury', model: `jury (${pool}) of ${judges.map((j) => j.judge.name).join(', ')}` } };
}
