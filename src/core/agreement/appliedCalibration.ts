/**
 * A calibration map applied to an evaluation's scores: each aspect the map covers gets its
 * calibrated score beside the raw one, labelled with the map's file and the sha256 of its
 * bytes; the raw score is never replaced. The map comes from `eval --calibration FILE`, or
 * from a prompts folder's `<task>/calibration.json`, where `sumlens align` writes an adopted
 * calibration. A map `align` wrote says which template's scores it was fitted on: a score
 * from another template is left unmapped, with a warning saying why.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AspectResult, EvaluationResult } from '../result';
import { applyIsotonic } from '../stats/isotonic';
import { calibrationMapFor, readCalibration, type CalibrationMaps } from './calibration';

/** The fixed name of the calibration a prompts folder holds, one per task: `<dir>/<task>/calibration.json`. */
export const CALIBRATION_FILE_NAME = 'calibration.json';

export function calibrationInPrompts(dir: string, task: string): string {
  return join(dir, task, CALIBRATION_FILE_NAME);
}

export interface AppliedCalibration extends CalibrationMaps {
  file: string;
  sha256: string;
}

/** The map at `file`, checked (its errors are sumlens calibrate's), with the hash of the bytes read. */
export function readAppliedCalibration(file: string): AppliedCalibration {
  const maps = readCalibration(file);
  return { ...maps, file, sha256: createHash('sha256').update(readFileSync(file)).digest('hex') };
}

/** The prompts folder's calibration for `task`, when it holds one. */
export function promptsCalibration(dir: string | undefined, task: string): AppliedCalibration | undefined {
  if (dir === undefined) return undefined;
  const file = calibrationInPrompts(dir, task);
  return existsSync(file) ? readAppliedCalibration(file) : undefined;
}

export function calibrateResult(result: EvaluationResult, applied: AppliedCalibration): EvaluationResult {
  return { ...result, aspects: result.aspects.map((aspect) => calibrateAspect(aspect, applied, result.model)) };
}

function calibrateAspect(aspect: AspectResult, applied: AppliedCalibration, judge: string): AspectResult {
  if (aspect.score === null) return aspect;
  const map = calibrationMapFor(applied, aspect.name, judge);
  const warn = (why: string) => ({ ...aspect, warnings: [...(aspect.warnings ?? []), `not calibrated: ${applied.file} ${why}`] });
  if (!map) return aspect;
  // A map align wrote knows its judge and template: another's scores are not on the scale it learned.
  if (map.templateSha256 !== undefined && map.judge !== judge) return warn(`maps the ${aspect.name} scores of ${map.judge}, not of ${judge}`);
  const template = aspect.template && existsSync(aspect.template) ? createHash('sha256').update(readFileSync(aspect.template)).digest('hex') : undefined;
  if (map.templateSha256 !== undefined && template !== undefined && template !== map.templateSha256)
    return warn(`was fitted on the scores of another ${aspect.name} template (sha256 ${map.templateSha256.slice(0, 12)}…, this one ${template.slice(0, 12)}…)`);
  return { ...aspect, calibrated: { score: applyIsotonic(map, aspect.score), map: applied.file, sha256: applied.sha256 } };
}
