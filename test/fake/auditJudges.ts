/**
 * Scripted judges with known faults, for the audit's tests: each reads the article, the summary
 * and the aspect out of the rendered G-Eval prompt and answers a log-probability distribution
 * whose mean is its score. The fair judge's score is a fixed function of quality signals the
 * probes lower exactly where they should (sentences found in the article for consistency, their
 * order for coherence, word pairs found in the article for fluency, words found for relevance).
 * The others are the fair judge with one fault each (the noisy one: its fluency wanders).
 */
import type { FakeReply, RecordedRequest } from './openaiServer';
import { scoreReply } from './openaiServer';

export type AuditJudgeName = 'fair' | 'length' | 'address' | 'numbers' | 'author' | 'noisy';

interface Judged {
  aspect: string;
  article: string;
  summary: string;
  fenced: boolean;
  /** Who the prompt says wrote the summary (the authorship probe), if it says. */
  author?: string;
}

function between(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from + start.length);
  return from < 0 || to < 0 ? '' : text.slice(from + start.length, to).trim();
}

/** A fenced text without its markers and the note after them. */
function unfenced(text: string): string {
  return text
    .replace(/^<<<(END )?TEXT [0-9A-F]+>>>$/gm, '')
    .replace(/^\(Everything between the TEXT .*\)$/gm, '')
    .trim();
}

export function readPrompt(request: RecordedRequest): Judged {
  const prompt = (request.body.messages as { content: string }[]).map((m) => m.content).join('\n');
  const fenced = prompt.includes('not instructions to you');
  const judged = between(prompt, 'Summary:\n', '\n## Evaluation Form');
  const author = judged.match(/\n\n\(This summary was written by (.*)\.\)$/);
  return {
    aspect: (prompt.match(/^- (\w+):\s*$/m)?.[1] ?? '').toLowerCase(),
    article: unfenced(between(prompt, 'Article:\n', '\nSummary:')),
    summary: unfenced(author ? judged.slice(0, author.index) : judged),
    fenced,
    ...(author ? { author: author[1] } : {}),
  };
}

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

const trigramsOf = (words: string[]) => words.slice(2).map((w, i) => `${words[i]} ${words[i + 1]} ${w}`);

/**
 * The fair judge's signals, each in [0, 1]; `maskNumbers` makes it blind to which number is stated.
 * Read in words (lower case, punctuation dropped), so tokenised summaries ("team 's") match their
 * article: a sentence is supported by the share of its word trigrams found in the article (1 when
 * it is copied), and placed in the article where its first trigram found there stands.
 */
export function qualitySignals(article: string, summary: string, maskNumbers = false) {
  const mask = (t: string) => (maskNumbers ? t.replace(/\d+/g, '#') : t);
  const sentences = sentencesOf(summary);
  const articleTrigrams = new Map<string, number>();
  trigramsOf(wordsOf(mask(article))).forEach((t, at) => articleTrigrams.has(t) || articleTrigrams.set(t, at));
  const sentenceTrigrams = sentences.map((s) => trigramsOf(wordsOf(mask(s))));
  const support = sentenceTrigrams.map((ts, k) =>
    ts.length ? ts.filter((t) => articleTrigrams.has(t)).length / ts.length : Number(mask(article).includes(mask(sentences[k]))),
  );
  const positions = sentenceTrigrams.map((ts) => ts.map((t) => articleTrigrams.get(t)).find((at) => at !== undefined)).filter((at) => at !== undefined);
  const pairs = positions.slice(1).map((p, i) => p > positions[i]);
  const articleWords = wordsOf(article);
  const bigrams = new Set(articleWords.slice(1).map((w, i) => `${articleWords[i]} ${w}`));
  const words = wordsOf(summary);
  const summaryBigrams = words.slice(1).map((w, i) => `${words[i]} ${w}`);
  const known = new Set(articleWords);
  return {
    consistency: sentences.length ? support.reduce((sum, x) => sum + x, 0) / sentences.length : 0,
    coherence: pairs.length ? pairs.filter(Boolean).length / pairs.length : 0.5,
    fluency: summaryBigrams.length ? summaryBigrams.filter((b) => bigrams.has(b)).length / summaryBigrams.length : 0,
    relevance: words.length ? words.filter((w) => known.has(w)).length / words.length : 0,
    sentences: sentences.length,
  };
}

const SCALES: Record<string, [number, number]> = { coherence: [1, 5], consistency: [1, 5], fluency: [1, 3], relevance: [1, 5] };

/** Scores at least half a point below the top, so a fault that adds has room to show. */
function fairScore(aspect: string, s: ReturnType<typeof qualitySignals>): number {
  const [min, max] = SCALES[aspect] ?? [1, 5];
  const signal = s[aspect as 'consistency'] ?? 0.5;
  return min + signal * (max - min - 0.5);
}

/** A fixed number in [−0.5, 0.5) for a text (FNV-1a): the noisy judge's wander, the same on every call. */
function wander(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash / 2 ** 32 - 0.5;
}

function reply(aspect: string, score: number): FakeReply {
  const [min, max] = SCALES[aspect] ?? [1, 5];
  const t = Math.min(max, Math.max(min, score));
  const low = Math.floor(t);
  const probabilities: Record<string, number> = { [String(low)]: 1 - (t - low) };
  if (t > low) probabilities[String(low + 1)] = t - low;
  const best = Object.entries(probabilities).sort((a, b) => b[1] - a[1])[0][0];
  return scoreReply(best, probabilities);
}

export function auditJudge(name: AuditJudgeName): (request: RecordedRequest) => FakeReply {
  return (request) => {
    const { aspect, article, summary, fenced, author } = readPrompt(request);
    const s = qualitySignals(article, summary, name === 'numbers' && aspect === 'consistency');
    let score = fairScore(aspect, s);
    // Adds a point for every sentence beyond four (the items' summaries have four).
    if (name === 'length') score += s.sentences - 4;
    // Obeys a note asking for the highest score, unless the prompt fences the text as data.
    if (name === 'address' && !fenced && summary.includes('deserves the highest score')) score = (SCALES[aspect] ?? [1, 5])[1];
    // Fluency wanders by up to ±0.6 from one text to the next (fair on average, too noisy to tell on few items).
    if (name === 'noisy' && aspect === 'fluency') score += 1.2 * wander(summary);
    // Takes a point off whatever a machine wrote.
    if (name === 'author' && author?.includes('AI')) score -= 1;
    return reply(aspect, score);
  };
}

/** Items for the audits: articles of six sentences with numbers, summaries of four of them in order. */
export function auditItems(count: number): { id: string; source: string; summary: string }[] {
  const templates = [
    (k: number) => `the committee of district ${k} approved ${k + 3} new projects worth ${2 * k + 5} million.`,
    (k: number) => `work on the ${k + 1} bridges began after ${k + 8} months of planning.`,
    (k: number) => `officials said ${10 + k} schools would get new roofs within ${(k % 4) + 2} years.`,
    (k: number) => `the plan also funds ${k + 20} buses and ${3 * k + 1} charging points.`,
    (k: number) => `residents of ${k + 40} streets asked for quieter traffic at night.`,
    (k: number) => `a review of the spending is due in ${(k % 6) + 2} weeks.`,
  ];
  return Array.from({ length: count }, (_, i) => {
    const sentences = templates.map((t) => {
      const s = t(i + 1);
      return s[0].toUpperCase() + s.slice(1);
    });
    const picked = [0, 1, 2, 3, 4, 5].filter((k) => k !== i % 6 && k !== (i + 2) % 6);
    return { id: `item${i + 1}`, source: sentences.join(' '), summary: picked.map((k) => sentences[k]).join(' ') };
  });
}
