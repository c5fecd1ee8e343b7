/**
 * A scripted pairwise judge for the fixture's Lakeford summaries: it prefers the summary with
 * the right cost (12 million euros) wherever it is shown, except on fluency, where it answers
 * "the first" whatever it is shown (a position bias: its verdict flips when the order does).
 */
import { scoreReply, type FakeReply, type RecordedRequest } from './openaiServer';

export const RIGHT_SUMMARY = 'Lakeford approved a bridge costing 12 million euros. It opens in 2027.';
export const WRONG_SUMMARY = 'Lakeford approved a bridge costing 40 million euros. It opens in 2027.';

/** Is this one of SumLens's pairwise questions (prompts/pairwise/)? */
export function isPairwisePrompt(request: RecordedRequest): boolean {
  return promptOf(request).includes('Answer with one word: A, B, or tie.');
}

function promptOf(request: RecordedRequest): string {
  return (request.body?.messages ?? []).map((m: { content: string }) => m.content).join('\n');
}

export function pairwiseAnswer(request: RecordedRequest): FakeReply {
  const prompt = promptOf(request);
  if (prompt.includes('better on fluency')) return scoreReply('A', { A: 0.8, tie: 0.1, B: 0.1 });
  const rightFirst = prompt.indexOf(RIGHT_SUMMARY) < prompt.indexOf(WRONG_SUMMARY);
  return rightFirst ? scoreReply('A', { A: 0.75, tie: 0.15, B: 0.1 }) : scoreReply('B', { B: 0.75, tie: 0.15, A: 0.1 });
}

/**
 * A dataset of many systems for a ranking: system `s<k>` writes a summary of quality k (said in
 * its words, "quality level k"), for documents "Document d<n>". The summary a system writes.
 */
export function rankedSummary(doc: string, system: string, quality: number): string {
  return `The council of ${doc} met. This summary by ${system} has quality level ${quality}.`;
}

/** A ranking's data: 4 systems × 6 documents, system s<k> of quality k, people's score k. */
export function rankingRows(): Record<string, string | number>[] {
  return ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'].flatMap((doc) =>
    ['s1', 's2', 's3', 's4'].map((system, k) => ({
      doc_id: doc,
      system_id: system,
      article: `Minutes of ${doc}. The town council met on Monday and approved the budget for the new library.`,
      output: rankedSummary(doc, system, k + 1),
      people: k + 1,
    })),
  );
}

/**
 * A scripted judge for a ranking: it prefers the summary of the higher quality level, except on
 * an upset (one pair in four, fixed by the document and the two systems, so both orders agree),
 * where it prefers the lower; the same answer whichever summary is shown first.
 */
export function rankingAnswer(request: RecordedRequest): FakeReply {
  const prompt = promptOf(request);
  const levels = [...prompt.matchAll(/by (\S+) has quality level (\d+)/g)].map((m) => ({ system: m[1], level: Number(m[2]) }));
  const doc = /The council of (\S+) met/.exec(prompt)?.[1] ?? '';
  const [first, second] = levels.slice(-2);
  const names = [first.system, second.system].sort().join('|');
  let hash = 7;
  for (const c of `${doc}|${names}`) hash = (hash * 31 + c.charCodeAt(0)) % 1_000_003;
  const upset = hash % 4 === 0;
  const firstBetter = first.level > second.level !== upset;
  return firstBetter ? scoreReply('A', { A: 0.7, tie: 0.2, B: 0.1 }) : scoreReply('B', { B: 0.7, tie: 0.2, A: 0.1 });
}
