/**
 * The limit a server states when it refuses a value ("at most 1", "must be exactly 1",
 * "greater than max allowed: 5", "<= 128", "from 1 (inclusive) to 9 (exclusive)", "between
 * 0 and 20", "more than 5 logprobs"): the largest value it accepts, or undefined when the
 * message names none. Read generically, never by matching one server's exact words.
 */
const capPatterns: Array<[RegExp, (n: number) => number]> = [
  [/\bto (\d+) \(exclusive\)/i, (n) => n - 1],
  [/\b(?:at most|exactly|no more than|up to|maximum(?: value)? (?:is|of)|max(?:imum)? allowed:?)\s*(\d+)/i, (n) => n],
  [/<=\s*(\d+)/, (n) => n],
  [/\b(?:between|from) \d+ (?:and|to) (\d+)/i, (n) => n],
  [/\bmore than (\d+)/i, (n) => n],
];

export function statedCap(message: string): number | undefined {
  for (const [pattern, cap] of capPatterns) {
    const match = pattern.exec(message);
    if (match) return cap(Number(match[1]));
  }
  return undefined;
}
