/**
 * A long source shortened to the sentences that bear on the summary, within a token budget
 * (Wu et al., "Less is More for Long Document Summary Evaluation by LLMs", EACL 2024: judging
 * on extracted sentences agrees better with people than the whole document, at less cost).
 * A source in markup (an HTML page) is read and shown as its text (markupView.ts).
 *
 * Selection: the opening of the document; then, for each summary sentence, by BM25 (taken
 * round by round over the summary sentences): its best source sentence, the middle sentences
 * of its WINDOW_SEEDS best windows of ±WINDOW_RADIUS sentences, its next-best sentences up to
 * SEEDS; each grown to its neighbours, ±1, ±2, … round by round, until the budget is spent;
 * the whole is counted again and the growth goes on while there is room. Evidence for a
 * summary clusters around its best matches (people's support passages for a SQuALITY summary
 * lie in a few stretches of the story), so a stretch around a strong match is worth more than
 * a tenth-best match elsewhere.
 * The windows find what no one sentence shows: a stretch of dialogue whose short lines each
 * share a word with the summary (on LongEval's SQuALITY alignment set, 44 → 45 of 50 support
 * passages shown, at radii 3–6 and 1–3 windows alike). A window is grown from its middle, not
 * from its best sentence: the middle of a dense stretch reaches all of it soonest (from the best
 * sentence, 44).
 * Should the stretches cover the source's every matching part, the next-best matches with ±1
 * neighbour fill what is left. The excerpts keep document order and the source's own text
 * between adjacent sentences; a gap is marked "[…]".
 */
import { loopTurn } from '../cooperative';
import type { SourceShown } from '../result';
import { splitSourceSentences } from './sentences';
import type { Ranked } from './bm25';
import { indexSource } from './sourceIndex';
import { textViewOf } from './markupView';
import { GAP_MARK, Selection, type CountTokens } from './selection';

export { GAP_MARK, type CountTokens };

export interface ShortenedSource {
  /** What the judge is shown. The whole source when it fits the budget. */
  text: string;
  /**
   * The rule, the budget, the share and the ranges shown. `ranges` is empty when not even
   * one sentence fits: the caller reports that the context cannot hold the source.
   */
  shown: SourceShown;
}

/** The opening: the first sentences, up to this many and this share of the budget. */
const OPENING_SENTENCES = 3;
const OPENING_SHARE = 0.15;
/** Best matches per summary sentence that the excerpts grow around: windows of ±WINDOW_RADIUS sentences, and sentences. */
const WINDOW_SEEDS = 2;
const WINDOW_RADIUS = 4;
const SEEDS = 4;
/** Times the excerpts are counted as a whole and grown again into the room that leaves. */
const PASSES = 3;

export async function shortenSource(
  { source, summary }: { source: string; summary: string },
  budgetTokens: number,
  countTokens: CountTokens,
  reason: SourceShown['reason'] = 'budget',
): Promise<ShortenedSource> {
  const sourceTokens = countTokens(source);
  const base = { reason, budgetTokens, sourceTokens };
  // A source in markup is read, ranked and shown as its text; the ranges stay offsets into the file as written.
  const view = textViewOf(source);
  const text = view.text;
  const removed = view.markup ? `; markup removed (${view.markup.kind}): ${view.markup.tags} tags, ${view.markup.entities} entities` : '';
  const textTokens = view.markup ? countTokens(text) : sourceTokens;
  if (textTokens <= budgetTokens) {
    const rule = `the whole ${view.markup ? 'text' : 'source'} fits the budget${removed}`;
    return { text, shown: { ...base, rule, shownTokens: textTokens, share: 1, ranges: [{ start: 0, end: source.length }] } };
  }
  const index = await indexSource(text);
  const { sentences } = index;
  const selection = new Selection(text, sentences, budgetTokens, countTokens);

  for (let i = 0; i < Math.min(OPENING_SENTENCES, sentences.length); i++) {
    if (selection.spent + selection.costOf([i]) > budgetTokens * OPENING_SHARE && i > 0) break;
    selection.tryAdd([i]);
  }
  const querySentences = splitSourceSentences(summary).map(({ start, end }) => summary.slice(start, end));
  const ranked: Ranked[][] = [];
  const windows: Ranked[][] = [];
  for (const query of querySentences) {
    await loopTurn();
    ranked.push(index.rank(query));
    windows.push(index.rankWindows(query, WINDOW_RADIUS));
  }
  // The best sentence first (a tight budget shows at least that), then the windows' middles, then the other sentences.
  const seeds = [...new Set([...seedsOf(ranked, 1), ...seedsOf(windows, WINDOW_SEEDS), ...seedsOf(ranked, SEEDS)])];
  let radius = 0;
  let depth = 0;
  for (let pass = 0; pass < PASSES && (pass === 0 || selection.recount()); pass++) {
    radius = Math.max(radius, await grow(selection, seeds, sentences.length));
    depth = Math.max(depth, await fillByRank(selection, ranked, sentences.length));
  }
  const fitted = selection.fitted();
  const shownChars = fitted.ranges.reduce((sum, r) => sum + r.end - r.start, 0);
  const further = depth > SEEDS ? `, then up to ${depth} matches each with ±1 neighbour` : '';
  const rule =
    `BM25: for each of the summary's ${querySentences.length} sentences, its ${SEEDS} best-matching source sentences and the middles of` +
    ` its ${WINDOW_SEEDS} best-matching stretches of ${2 * WINDOW_RADIUS + 1} sentences, grown to ±${radius} neighbours${further},` +
    ` the opening, in document order${removed}`;
  const ranges = fitted.ranges.map((range) => view.toFile(range));
  return { text: fitted.text, shown: { ...base, rule, shownTokens: countTokens(fitted.text), share: shownChars / Math.max(1, text.length), ranges } };
}

/** The best `count` matches of every summary sentence, best ranks first, each once. */
function seedsOf(ranked: Ranked[][], count: number): number[] {
  const seeds = new Set<number>();
  for (let rank = 0; rank < count; rank++) for (const list of ranked) if (rank < list.length) seeds.add(list[rank].index);
  return [...seeds];
}

/**
 * Grows a stretch around each seed, one sentence each side per round (the seed itself first),
 * until a round adds nothing; returns the widest reach of a stretch from its seed.
 */
async function grow(selection: Selection, seeds: number[], sentences: number): Promise<number> {
  const stretches = seeds.map((seed) => ({ seed, from: seed + 1, to: seed }));
  let widest = 0;
  for (let grew = true; grew && !selection.full();) {
    await loopTurn();
    grew = false;
    for (const stretch of stretches) {
      if (stretch.from > stretch.to) {
        // The seed itself, then its neighbours: a sentence already chosen (by the opening or another stretch) is passed over freely.
        if (selection.has(stretch.seed) || selection.tryAdd([stretch.seed])) [stretch.from, stretch.to, grew] = [stretch.seed, stretch.seed, true];
        continue;
      }
      if (stretch.from > 0 && (selection.has(stretch.from - 1) || selection.tryAdd([stretch.from - 1]))) [stretch.from, grew] = [stretch.from - 1, true];
      if (stretch.to < sentences - 1 && (selection.has(stretch.to + 1) || selection.tryAdd([stretch.to + 1]))) [stretch.to, grew] = [stretch.to + 1, true];
      widest = Math.max(widest, stretch.seed - stretch.from, stretch.to - stretch.seed);
    }
  }
  return widest;
}

/** Round by round, each summary sentence's next-best match with ±1 neighbour; returns the deepest rank taken. */
async function fillByRank(selection: Selection, ranked: Ranked[][], sentences: number): Promise<number> {
  let depth = 0;
  for (let round = 0; ranked.some((list) => round < list.length) && !selection.full(); round++) {
    await loopTurn();
    for (const list of ranked) {
      if (round >= list.length) continue;
      const match = list[round].index;
      const unit = [match - 1, match, match + 1].filter((i) => i >= 0 && i < sentences);
      if (selection.tryAdd(unit) || selection.tryAdd([match])) depth = round + 1;
    }
  }
  return depth;
}
