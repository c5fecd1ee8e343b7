/**
 * o200k_base's token count of a text by gpt-tokenizer's own ranks, pre-token pattern and
 * byte-pair merge rule (the lowest-ranked adjacent pair first, as tiktoken does), faster on
 * Japanese and Chinese. A pre-token there is a run of kanji and kana with no spaces, 30 to 100
 * bytes, and gpt-tokenizer looks every candidate pair up by decoding its bytes back into a string
 * (a TextDecoder call each). Here the rank of two tokens joined, a pure function of the two
 * ranks, is looked up by the bytes once and then remembered by the ranks, and the merge works on
 * typed arrays. Counts are the library's, exactly (test/unit/llm/bytePairCount.test.ts).
 */

/** What is used of gpt-tokenizer's encoder beyond its public API, so checked before use. */
interface EncoderCore {
  tokenSplitRegex: RegExp;
  getBpeRankFromString(text: string): number | undefined;
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
}

function encoderCore(encoding: unknown): EncoderCore | undefined {
  const core = (encoding as { bytePairEncodingCoreProcessor?: Partial<EncoderCore> } | undefined)?.bytePairEncodingCoreProcessor;
  const usable =
    core?.tokenSplitRegex instanceof RegExp &&
    core.tokenSplitRegex.global &&
    typeof core.getBpeRankFromString === 'function' &&
    typeof core.getBpeRankFromBytes === 'function';
  return usable ? (core as EncoderCore) : undefined;
}

/** Pre-tokens (by their bytes) whose counts are remembered, and joins of two tokens: bounded maps, emptied when full. */
const REMEMBERED_PIECES = 100_000;
const REMEMBERED_JOINS = 500_000;

const counters = new WeakMap<EncoderCore, BytePairCounter>();

export class BytePairCounter {
  private readonly pattern: RegExp;
  /** The rank of each single byte (every byte is a token). */
  private readonly byteRanks = new Int32Array(256);
  private readonly remembered = new Map<string, number>();
  /** Left token → right token → the rank of the two joined (-1: no token), as merges meet them. */
  private joins = new Map<number, Map<number, number>>();
  private joinCount = 0;

  private constructor(private readonly core: EncoderCore) {
    this.pattern = new RegExp(core.tokenSplitRegex.source, core.tokenSplitRegex.flags);
    for (let byte = 0; byte < 256; byte++) this.byteRanks[byte] = core.getBpeRankFromBytes(Uint8Array.of(byte)) ?? -1;
  }

  /** The counter over gpt-tokenizer's encoding, one per encoding, or undefined when its parts are not where this version keeps them. */
  static over(encoding: unknown): BytePairCounter | undefined {
    const core = encoderCore(encoding);
    if (!core) return undefined;
    let counter = counters.get(core);
    if (!counter) counters.set(core, (counter = new BytePairCounter(core)));
    return counter;
  }

  /** Tokens of a text, special tokens' markers counted as plain text. */
  count(text: string): number {
    let tokens = 0;
    for (const [piece] of text.matchAll(this.pattern)) tokens += this.pieceTokens(piece);
    return tokens;
  }

  /** Forgets the remembered pre-tokens and joins (a benchmark's runs each start afresh). */
  forget(): void {
    this.remembered.clear();
    this.joins = new Map();
    this.joinCount = 0;
  }

  private pieceTokens(piece: string): number {
    // A pre-token that is a token is one, whatever its merges would give (as tiktoken decides).
    if (this.core.getBpeRankFromString(piece) !== undefined) return 1;
    const known = this.remembered.get(piece);
    if (known !== undefined) return known;
    const bytes = Buffer.from(piece, 'utf8');
    const tokens = this.merged(bytes);
    if (this.remembered.size >= REMEMBERED_PIECES) this.remembered.clear();
    // Keyed by a string of its own (the bytes back as text), not the piece: a piece is a slice that would keep the whole text alive.
    this.remembered.set(bytes.toString('utf8'), tokens);
    return tokens;
  }

  /** The rank of two adjacent tokens joined (their bytes together), -1 when that is no token: looked up once, then remembered. */
  private joinedRank(left: number, right: number, joinedBytes: Uint8Array): number {
    const rank = this.core.getBpeRankFromBytes(joinedBytes) ?? -1;
    if (this.joinCount >= REMEMBERED_JOINS) {
      this.joins = new Map<number, Map<number, number>>();
      this.joinCount = 0;
    }
    let row = this.joins.get(left);
    if (!row) this.joins.set(left, (row = new Map<number, number>()));
    row.set(right, rank);
    this.joinCount++;
    return rank;
  }

  /** How many parts a pre-token's bytes merge into: the lowest-ranked adjacent pair merged first, until no pair is a token. */
  private merged(bytes: Uint8Array): number {
    // Part i starts at starts[i] and is the token tokens[i]; pairs[i] is the rank of parts i and i + 1 joined (-1: none).
    let parts = bytes.length;
    const starts = new Int32Array(parts + 1);
    const tokens = new Int32Array(parts);
    const pairs = new Int32Array(parts);
    for (let i = 0; i <= parts; i++) starts[i] = i;
    for (let i = 0; i < parts; i++) tokens[i] = this.byteRanks[bytes[i]];
    const pair = (i: number): number => {
      if (i + 1 >= parts) return -1;
      return this.joins.get(tokens[i])?.get(tokens[i + 1]) ?? this.joinedRank(tokens[i], tokens[i + 1], bytes.subarray(starts[i], starts[i + 2]));
    };
    for (let i = 0; i < parts; i++) pairs[i] = pair(i);
    for (;;) {
      let at = -1;
      for (let i = 0; i < parts - 1; i++) {
        if (pairs[i] >= 0 && (at === -1 || pairs[i] < pairs[at])) at = i;
      }
      if (at === -1) return parts;
      // Parts at and at + 1 become one token: drop the second's start, token and pair.
      tokens[at] = pairs[at];
      starts.copyWithin(at + 1, at + 2, parts + 1);
      tokens.copyWithin(at + 1, at + 2, parts);
      pairs.copyWithin(at + 1, at + 2, parts);
      parts--;
      pairs[at] = pair(at);
      if (at > 0) pairs[at - 1] = pair(at - 1);
    }
  }
}
