/**
 * Scripted judges for the aspect-choice method (Tanaka's thesis). The choosing judge reads the
 * article and the output from the question, chooses the task's four aspects (plus clarity
 * when the summary has more than three sentences), gives each a score from the audit's fair
 * quality signals (and leaves fluency out of summaries of more than 75 words), and writes it as asked: a reason and a score per line in the one-request
 * form, K reasons at the reason prompt, scores only after a reason, each score a token with
 * a probability distribution around it. The others fail in one way each.
 */
import { qualitySignals } from './auditJudges';
import type { FakeChoice, FakeReply, FakeToken, RecordedRequest } from './openaiServer';

export type ChooseJudgeName = 'chooser' | 'off-catalogue' | 'malformed' | 'malformed-once';

const SUMMARY_ASPECTS = ['coherence', 'consistency', 'fluency', 'relevance'];
const DIALOGUE_ASPECTS = ['naturalness', 'coherence', 'engagingness', 'groundedness'];

function between(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  if (from < 0) return '';
  const to = end === '' ? -1 : text.indexOf(end, from + start.length);
  return (to < 0 ? text.slice(from + start.length) : text.slice(from + start.length, to)).trim();
}

function promptOf(request: RecordedRequest): string {
  return (request.body.messages as { content: string }[]).map((m) => m.content).join('\n');
}

/** The judge's 1–5 opinion of each aspect it chooses, from what the question shows it. */
function opinions(prompt: string): [string, number][] {
  const dialogue = prompt.includes('Conversation History:');
  if (dialogue) {
    const history = between(prompt, 'Conversation History:', 'Corresponding Fact:');
    const response = between(prompt, 'output:', '\n\n');
    const s = qualitySignals(history, response);
    return DIALOGUE_ASPECTS.map((aspect, i) => [aspect, clamp(2 + 3 * (i % 2 === 0 ? s.relevance : s.fluency))]);
  }
  const article = between(prompt, 'Source Text:', '\n\noutput:');
  const summary = between(prompt, '\n\noutput:', '\n\n');
  const s = qualitySignals(article, summary);
  const long = summary.split(/\s+/).length > 75;
  const scores: [string, number][] = SUMMARY_ASPECTS.filter((a) => !(long && a === 'fluency')).map((aspect) => [
    aspect,
    clamp(1 + 4 * s[aspect as 'coherence']),
  ]);
  if (s.sentences > 3) scores.push(['clarity', clamp(5 - s.sentences / 3)]);
  return scores;
}

const clamp = (score: number) => Math.min(5, Math.max(1, score));

/** A score as its most likely digit, with the neighbouring digit carrying the fraction. */
function scoreToken(score: number): FakeToken {
  const low = Math.floor(score);
  const top: Record<string, number> = { [String(low)]: Math.log(Math.max(1e-6, 1 - (score - low))) };
  if (score > low && low < 5) top[String(low + 1)] = Math.log(score - low);
  const token = Object.entries(top).sort((a, b) => b[1] - a[1])[0][0];
  return { token, top };
}

/** Lines "prefix + score + suffix" as text and tokens, each score its own token. */
function linesReply(lines: { prefix: string; score: number }[]): FakeChoice {
  const tokens: FakeToken[] = [];
  let text = '';
  for (const { prefix, score } of lines) {
    const digit = scoreToken(score);
    tokens.push({ token: prefix }, digit, { token: '\n' });
    text += `${prefix}${digit.token}\n`;
  }
  return { text: text.trimEnd(), tokens: tokens.slice(0, -1) };
}

function reasonFor(aspect: string, score: number): string {
  return score >= 4 ? `the ${aspect} of the output is good on the whole` : `the ${aspect} of the output shows clear problems`;
}

export function chooseJudge(name: ChooseJudgeName = 'chooser'): (request: RecordedRequest) => FakeReply {
  return (request) => {
    const prompt = promptOf(request);
    const retry = request.body.messages.length > 1;
    if (name === 'malformed' || (name === 'malformed-once' && !retry)) {
      return { choices: [{ text: 'The summary is fine overall.\ncoherence: good\nrelevance: quite good' }] };
    }
    const scores = opinions(prompt);
    if (prompt.trimEnd().endsWith('knowledge:')) {
      const n = Number(request.body.n ?? 1);
      const reason = scores.map(([aspect, score]) => `- ${aspect} (${Math.round(score)}): ${reasonFor(aspect, score)}.`).join(' ');
      // Every fourth reason judges coherence differently: 3, or 4 where the others say 3.
      const other = reason.replace(/\((\d)\)/, (_m, d: string) => `(${d === '3' ? 4 : 3})`);
      return { choices: Array.from({ length: n }, (_, i) => ({ text: i % 4 === 3 ? other : reason })) };
    }
    if (name === 'off-catalogue') {
      return {
        choices: [
          linesReply([
            { prefix: 'overall quality: it reads well. Score: ', score: 4 },
            { prefix: 'grammar: a few slips. Score: ', score: 3 },
          ]),
        ],
      };
    }
    if (prompt.includes('Following the reason above')) {
      const reason = between(prompt, '\nreason:', '\n\nFollowing');
      const stated = [...reason.matchAll(/- ([a-z ]+) \((\d)\)/g)].map((m) => ({ prefix: `${m[1]}: Score: `, score: Number(m[2]) }));
      return { choices: [linesReply(stated)] };
    }
    const n = Number(request.body.n ?? 1);
    const reply = linesReply(scores.map(([aspect, score]) => ({ prefix: `${aspect}: ${reasonFor(aspect, score)}. Score: `, score })));
    return { choices: Array.from({ length: n }, () => reply) };
  };
}
