/**
 * A thinking model's reasoning is never its answer. Servers hand it over apart
 * (`reasoning_content`, `reasoning`) or inside the content as `<think>…</think>` (an opening
 * tag is often left out by chat templates that open it in the prompt); either way the score
 * must be read from what follows, so the thinking and its tokens are cut away here, before
 * any parser sees the text.
 */
import type { TokenLogprob } from './types';

const closeTag = '</think>';

export interface SplitAnswer {
  answer: string;
  thinking?: string;
  tokens?: TokenLogprob[];
}

/**
 * Splits content into thinking and answer. `separateThinking` is the reasoning the server
 * sent in its own field: when log-probabilities cover those tokens too, they are dropped.
 */
export function splitThinking(content: string, tokens: TokenLogprob[] | undefined, separateThinking?: string): SplitAnswer {
  const close = content.lastIndexOf(closeTag);
  if (close >= 0) {
    const answer = content.slice(close + closeTag.length);
    const thinking = content
      .slice(0, close)
      .replace(/^\s*<think>/, '')
      .trim();
    return { answer: answer.replace(/^\s+/, ''), thinking: joinThinking(separateThinking, thinking), tokens: tokens && tokensAfterClose(tokens) };
  }
  if (/^\s*<think>/.test(content)) {
    // Cut off while still thinking: there is no answer yet.
    return { answer: '', thinking: joinThinking(separateThinking, content.replace(/^\s*<think>/, '').trim()), tokens: [] };
  }
  return { answer: content, thinking: separateThinking || undefined, tokens: tokens && separateThinking ? tokensOfAnswer(tokens, content) : tokens };
}

function joinThinking(...parts: Array<string | undefined>): string | undefined {
  const text = parts.filter(Boolean).join('\n');
  return text || undefined;
}

/** The tokens after the one that completes the last `</think>`; none when the tokens do not spell it. */
function tokensAfterClose(tokens: TokenLogprob[]): TokenLogprob[] {
  const joined = tokens.map((t) => t.token).join('');
  const close = joined.lastIndexOf(closeTag);
  if (close < 0) return [];
  const end = close + closeTag.length;
  let length = 0;
  let index = 0;
  while (index < tokens.length && length < end) length += tokens[index++].token.length;
  return tokens.slice(index);
}

/** Drops leading thinking tokens when the log-probabilities cover the reasoning too. */
function tokensOfAnswer(tokens: TokenLogprob[], answer: string): TokenLogprob[] {
  const joined = tokens.map((t) => t.token).join('');
  const extra = joined.length - answer.length;
  if (extra <= 0 || !joined.endsWith(answer)) return tokens;
  let skipped = 0;
  let index = 0;
  while (index < tokens.length && skipped + tokens[index].token.length <= extra) skipped += tokens[index++].token.length;
  return tokens.slice(index);
}
