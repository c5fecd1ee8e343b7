/**
 * Which calibration `sumlens eval` applies: `--calibration FILE`, or else the calibration of
 * the `--prompts` folder, `<dir>/<task>/calibration.json` (where `sumlens align` writes an
 * adopted one). Read before anything is sent: a bad map costs nothing. Only the eval of one
 * summary applies a map; with --data, --judges or --repeat an explicit --calibration is a
 * usage error, and a prompts folder's calibration is named on stderr as not applied.
 */
import { calibrationInPrompts, promptsCalibration, readAppliedCalibration, type AppliedCalibration } from '../core/agreement/appliedCalibration';
import { SumLensError } from '../core/errors';
import { existsSync } from 'node:fs';
import type { EvalFlags } from './evalFlags';
import { printWarning } from './stderr';

export type EvalMode = 'one summary' | '--data' | '--judges' | '--repeat';

export function evalCalibration(flags: Omit<EvalFlags, 'source' | 'summary'>, mode: EvalMode): AppliedCalibration | undefined {
  if (mode !== 'one summary') {
    if (flags.calibration !== undefined) throw new SumLensError('usage', `--calibration maps the scores of one summary's eval; it does not apply with ${mode}`);
    const inPrompts = flags.prompts !== undefined ? calibrationInPrompts(flags.prompts, flags.task) : undefined;
    if (inPrompts !== undefined && existsSync(inPrompts))
      printWarning(`${inPrompts} not applied: a calibration maps the scores of one summary's eval, not with ${mode}; the scores are the judge's own`);
    return undefined;
  }
  return flags.calibration !== undefined ? readAppliedCalibration(flags.calibration) : promptsCalibration(flags.prompts, flags.task);
}
