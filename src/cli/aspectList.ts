/** `--aspects coherence,fluency`: the option's parser, shared by eval, bench and audit. */
import { InvalidArgumentError } from 'commander';

/** "coherence, fluency" → ["coherence", "fluency"]; an empty list is a usage error. */
export function parseAspects(text: string): string[] {
  const aspects = text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (aspects.length === 0) throw new InvalidArgumentError('Expected at least one aspect name, e.g. coherence,fluency.');
  return aspects;
}
