/**
 * The adopted template, learned on every rated item (the cross-validation measured how well
 * that recipe does on documents it has not seen), written where `--prompts` reads it, with
 * a header in its front matter saying where it came from. An existing file is never
 * overwritten unless asked.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SumLensError } from '../errors';
import { writeFileAtomically } from '../writeAtomically';
import type { CandidateVerdict } from './alignVerdict';

export interface Provenance {
  dataFile: string;
  dataSha256: string;
  folds: number;
  date: string;
}

export interface AdoptOptions {
  outDir: string;
  task: string;
  aspect: string;
  force: boolean;
}

/** Where an adopted template or calibration came from, in words: the data and its hash, the folds, the held-out gain. */
export function provenanceLines(candidate: CandidateVerdict, rated: number, provenance: Provenance): string[] {
  const change = candidate.errorChange;
  return [
    `Aligned by sumlens align on ${provenance.date} (${candidate.name}), learned from ${rated} rated items of ${provenance.dataFile}`,
    `(sha256 ${provenance.dataSha256.slice(0, 16)}…). Measured by ${provenance.folds}-fold cross-validation grouped by source`,
    `document: mean |judge - people| ${change.meanA.toFixed(3)} -> ${change.meanB.toFixed(3)} (change ${change.meanDifference.toFixed(3)},`,
    `95% CI [${change.interval.low.toFixed(3)}, ${change.interval.high.toFixed(3)}], Holm-adjusted p ${candidate.adjustedP.toFixed(4)}); alpha gain ${candidate.alphaGain.value.toFixed(3)}`,
    `[${candidate.alphaGain.interval.low.toFixed(3)}, ${candidate.alphaGain.interval.high.toFixed(3)}].`,
  ];
}

/** The adopted template's text with its provenance header. */
/** What the adopted template carries in its header: the candidate, how many rated items chose it, where they came from, and its examples' sources. */
export interface Adoption {
  candidate: CandidateVerdict;
  rated: number;
  provenance: Provenance;
  exampleSources?: string;
}

export function withProvenance(text: string, { candidate, rated, provenance, exampleSources }: Adoption): string {
  const header = [...provenanceLines(candidate, rated, provenance), ...(exampleSources ? [`Its ${exampleSources}.`] : [])].map((line) => `# ${line}`);
  // YAML comments inside the front matter: a template allows nothing before it.
  return text.replace(/^---\n/, `---\n${header.join('\n')}\n`);
}

/** Refuses, before anything is spent, to replace a template the user has. */
export function checkAdoptable(options: AdoptOptions): string {
  const file = join(options.outDir, options.task, `${options.aspect}.md`);
  if (existsSync(file) && !options.force)
    throw new SumLensError('usage', `${file} exists; move it, choose another --out, or pass --force to let an aligned template replace it`);
  return file;
}

export function writeAdoptedTemplate(text: string, options: AdoptOptions): string {
  const file = checkAdoptable(options);
  writeFileAtomically(file, text);
  return file;
}
