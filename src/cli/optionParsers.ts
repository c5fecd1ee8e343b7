/**
 * Parsers for option values (numbers, aspect lists): a bad value is a usage error naming what
 * was expected (commander reports it as "option '--samples <n>' argument 'abc' is invalid. …", exit 2).
 */
import { InvalidArgumentError } from 'commander';

/** A whole number in [min, max]. */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (text: string) => number {
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  return (text) => {
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(`Expected a whole number ${range}.`);
    }
    return value;
  };
}

/** A number of seconds above zero (fractions allowed). */
export function positiveSeconds(text: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw new InvalidArgumentError('Expected a number of seconds above 0.');
  return value;
}

/** `--aspects coherence,fluency` (eval, bench, audit): "coherence, fluency" → ["coherence", "fluency"]; an empty list is a usage error. */
export function parseAspects(text: string): string[] {
  const aspects = text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (aspects.length === 0) throw new InvalidArgumentError('Expected at least one aspect name, e.g. coherence,fluency.');
  return aspects;
}
