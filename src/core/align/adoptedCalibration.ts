/**
 * The adopted calibration, fitted again on every rated item's score under the template it
 * calibrates (the cross-validation measured how well that recipe does on documents it has not
 * seen), written to `<out>/<task>/calibration.json`: the file `eval --prompts OUT` applies and
 * `eval --calibration` reads (the format `sumlens calibrate` writes), with the header an
 * adopted template gets. The file keeps the maps of other aspects and judges; a map of the same
 * aspect and judge is never replaced unless asked.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { calibrationInPrompts } from '../agreement/appliedCalibration';
import { readCalibrationFile, type AgreementFigures, type CalibrationFile, type CalibrationMap } from '../agreement/calibration';
import type { AgreementRow } from '../agreement/agreementTable';
import { SumLensError } from '../errors';
import { isotonicFit } from '../stats/isotonic';
import { writeFileAtomically } from '../writeAtomically';
import { provenanceLines, type AdoptOptions, type Provenance } from './adoptedTemplate';
import type { AlignVerdict, CandidateVerdict } from './alignVerdict';
import type { AlignItem } from './crossValidate';

export interface CalibrationAdoptOptions extends AdoptOptions {
  /** The judge (model) whose scores the map takes: eval applies a map to its own judge's scores. */
  judge: string;
}

/** Refuses, before anything is spent, to replace a map of this aspect and judge the user has. */
export function checkCalibrationAdoptable(options: CalibrationAdoptOptions): string {
  const file = calibrationInPrompts(options.outDir, options.task);
  if (!existsSync(file)) return file;
  // Read even with --force: a file that is not a calibration is named before anything is spent.
  const maps = readCalibrationFile(file).maps;
  if (!options.force && maps.some((m) => m.aspect === options.aspect && m.judge === options.judge))
    throw new SumLensError(
      'usage',
      `${file} already maps ${options.aspect} for ${options.judge}; move it, choose another --out, or pass --force to let an aligned calibration replace that map`,
    );
  return file;
}

export interface CalibrationFit {
  items: readonly AlignItem[];
  /** Each item's score under the template calibrated (the original). */
  scores: readonly number[];
  verdict: AlignVerdict;
  adopted: CandidateVerdict;
  /** The template whose scores are mapped. */
  template: string;
}

const figures = (row: AgreementRow): AgreementFigures => ({
  alphaInterval: row.alphaInterval.value,
  spearman: row.spearman.value,
  meanAbsoluteDifference: row.meanAbsoluteDifference.value,
});

export function adoptedCalibrationMap(fit: CalibrationFit, judge: string, provenance: Provenance): CalibrationMap {
  const { adopted, verdict } = fit;
  const change = adopted.errorChange;
  return {
    aspect: verdict.aspect,
    judge,
    items: fit.items.length,
    ...isotonicFit(
      [...fit.scores],
      fit.items.map((item) => item.human),
    ),
    // Held out, grouped by source document (as the header), not calibrate's own 5 shuffled folds.
    before: figures(verdict.original),
    after: figures(adopted.agreement),
    provenance: {
      header: provenanceLines(adopted, fit.items.length, provenance),
      date: provenance.date,
      data: provenance.dataFile,
      dataSha256: provenance.dataSha256,
      folds: provenance.folds,
      template: fit.template,
      templateSha256: createHash('sha256').update(readFileSync(fit.template)).digest('hex'),
      meanAbsoluteDifference: { before: change.meanA, after: change.meanB, change: change.meanDifference, interval: change.interval },
      adjustedP: adopted.adjustedP,
      alphaGain: { value: adopted.alphaGain.value, interval: adopted.alphaGain.interval },
    },
  };
}

/** Writes the map into the folder's calibration file (other aspects' and judges' maps kept); returns the file. */
export function writeAdoptedCalibration(map: CalibrationMap, seed: number, options: CalibrationAdoptOptions): string {
  const file = checkCalibrationAdoptable(options);
  const kept = existsSync(file) ? readCalibrationFile(file).maps.filter((m) => m.aspect !== map.aspect || m.judge !== map.judge) : [];
  const written: CalibrationFile = { sumlens: 'calibration', version: 1, seed, maps: [...kept, map] };
  writeFileAtomically(file, JSON.stringify(written, null, 2) + '\n');
  return file;
}

/** "Use this calibration" in the editor: a staged file's maps put into a prompts folder's calibration file. */
export function adoptCalibrationFile(staged: string, outDir: string, task: string): string {
  const file = readCalibrationFile(staged);
  return file.maps.map((map) => writeAdoptedCalibration(map, file.seed, { outDir, task, aspect: map.aspect, judge: map.judge, force: true }))[0];
}
