/**
 * Rated items and scripted judges for `sumlens align`: documents D0…Dn with five summaries
 * each, and judges that answer from the prompt. The learning judge reads 0.9 above the people
 * and, shown scored examples, moves to 0.1 above them with a third of its noise; under the
 * criteria its optimizer rewrote it reads 0.3 above them, and 0.1 under a second round's
 * (stricter still); the offset judge reads 0.9 above them whatever its prompt holds; the deaf judge scores a quality of its own that has nothing to do with the
 * people's, examples or not.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scoreReply, type FakeReply, type RecordedRequest } from '../../fake/openaiServer';

export interface RatedItem {
  doc: number;
  k: number;
  human: number;
}

export function ratedItems(documents: number, human: (doc: number, k: number) => number, firstDoc = 0): RatedItem[] {
  return Array.from({ length: documents }, (_, d) => Array.from({ length: 5 }, (_, k) => ({ doc: firstDoc + d, k, human: human(firstDoc + d, k) }))).flat();
}

/** The source of document D`doc`: three sentences, and `more` sentences of minutes after them. */
export function sourceOf(doc: number, more = 0): string {
  const minutes = Array.from(
    { length: more },
    (_, i) => ` Item ${i + 1} of the minutes of town ${doc}: the members discussed matter ${i + 1} and voted on it.`,
  );
  return `Document D${doc}. The council of town ${doc} met on Monday. It approved a park and a new library after a long debate about their cost.${minutes.join('')}`;
}

/** A data file as `eval --data` reads it, with the people's score in `human_coherence`; `sourceSentences` lengthens each source. */
export function writeRatedData(dir: string, name: string, items: readonly RatedItem[], sourceSentences = 0): string {
  const file = path.join(dir, name);
  const lines = items.map((item) =>
    JSON.stringify({
      id: `D${item.doc}-${item.k}`,
      source: sourceOf(item.doc, sourceSentences),
      summary: `Summary of doc D${item.doc} number ${item.k}: the council approved a park and a library.`,
      human_coherence: item.human,
    }),
  );
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const SUMMARY = /^(> )?Summary of doc D(\d+) number (\d+)/gm;

/** Every summary in a prompt, quoted (an example, a disagreement) or not (the one judged). */
function summariesIn(request: RecordedRequest): { quoted: boolean; doc: number; k: number }[] {
  return [...promptOf(request).matchAll(SUMMARY)].map((m) => ({ quoted: m[1] !== undefined, doc: Number(m[2]), k: Number(m[3]) }));
}

/** The items a rewrite request shows the optimizer as disagreements. */
export function disagreementsShown(request: RecordedRequest): { doc: number; k: number }[] {
  return summariesIn(request).filter((f) => f.quoted);
}

export function promptOf(request: RecordedRequest): string {
  return (request.body.messages as { content: string }[]).map((m) => m.content).join('\n');
}

/** The judged summary and the examples shown with it, read from the prompt. */
export function promptParts(request: RecordedRequest): { judged: { doc: number; k: number }; examples: { doc: number; k: number }[] } {
  const found = summariesIn(request);
  const judged = found.find((f) => !f.quoted);
  if (!judged) throw new Error('no judged summary in the prompt');
  return { judged, examples: found.filter((f) => f.quoted) };
}

/** A log-probability reply whose expected score is `value` (between two neighbouring scores). */
export function expectedScoreReply(value: number): FakeReply {
  const v = Math.min(5, Math.max(1, value));
  const low = Math.floor(v);
  const share = v - low;
  if (share < 1e-9) return scoreReply(String(low), { [String(low)]: 1 });
  return scoreReply(String(share >= 0.5 ? low + 1 : low), { [String(low)]: 1 - share, [String(low + 1)]: share });
}

const noise = (doc: number, k: number) => (((doc * 7 + k * 13) % 7) - 3) / 10;

const STRICT = 'The raters are strict';
const STRICTER = 'stricter still';

/** How strict the criteria in a prompt are: 0 the built-in template's, 1 a first rewrite's, 2 a second round's. */
export function strictness(request: RecordedRequest): 0 | 1 | 2 {
  const prompt = promptOf(request);
  return prompt.includes(STRICTER) ? 2 : prompt.includes(STRICT) ? 1 : 0;
}

export function isRewriteRequest(request: RecordedRequest): boolean {
  return promptOf(request).includes('Where the judge and the raters disagreed');
}

export const rewriteReply: FakeReply = {
  choices: [
    {
      text: JSON.stringify({
        criteria: `Coherence (1-5): how well the sentences of the summary work together. ${STRICT}: a 5 needs a summary without a single loose end.`,
        steps: ['Read the article.', 'Read the summary and check each transition.', 'Give a score from 1 to 5.'],
      }),
    },
  ],
};

const stricterReply: FakeReply = {
  choices: [
    {
      text: JSON.stringify({
        criteria: `Coherence (1-5): how well the sentences of the summary work together. ${STRICT}, ${STRICTER}: a 4 needs every transition to hold.`,
        steps: ['Read the article.', 'Read the summary and check each transition twice.', 'Give a score from 1 to 5.'],
      }),
    },
  ],
};

/** The scripted optimizer: criteria already strict (a later round's request) come back stricter still. */
export function roundsOptimizer(request: RecordedRequest): FakeReply {
  return strictness(request) > 0 ? stricterReply : rewriteReply;
}

export function learningJudge(
  humanOf: (doc: number, k: number) => number,
  optimizer: FakeReply | ((request: RecordedRequest) => FakeReply) = roundsOptimizer,
): (request: RecordedRequest) => FakeReply {
  return (request) => {
    if (isRewriteRequest(request)) return typeof optimizer === 'function' ? optimizer(request) : optimizer;
    const { judged, examples } = promptParts(request);
    const human = humanOf(judged.doc, judged.k);
    const strict = strictness(request);
    const e = noise(judged.doc, judged.k);
    if (examples.length > 0) return expectedScoreReply(human + (strict > 0 ? 0.05 : 0.1) + e / 3);
    return expectedScoreReply(human + [0.9, 0.3, 0.1][strict] + e);
  };
}

/** A judge that reads 0.9 above the people whatever its prompt holds: neither examples nor rewritten criteria move it; a calibration can. */
export function offsetJudge(humanOf: (doc: number, k: number) => number): (request: RecordedRequest) => FakeReply {
  return (request) => {
    if (isRewriteRequest(request)) return rewriteReply;
    const { judged } = promptParts(request);
    return expectedScoreReply(humanOf(judged.doc, judged.k) + 0.9 + noise(judged.doc, judged.k));
  };
}

export function deafJudge(): (request: RecordedRequest) => FakeReply {
  return (request) => {
    if (isRewriteRequest(request)) return rewriteReply;
    const { judged } = promptParts(request);
    return expectedScoreReply(1 + ((judged.doc * 5 + judged.k * 3) % 5));
  };
}
