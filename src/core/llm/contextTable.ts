/**
 * The context windows of well-known models, as their makers publish them, for endpoints that
 * do not say (OpenAI, Azure, Anthropic's and Google's OpenAI-compatible APIs, and hosted open
 * models under their usual names). A window a server states, an error reveals or the user
 * sets comes first; this table is the last resort, and dated: models change.
 * Where a family's members differ, the smallest is written (a smaller window costs only
 * shortening; a larger one costs a failed call).
 */
import type { ContextWindow } from './types';

export const CONTEXT_TABLE_DATE = '2026-11';

/** [pattern on the model's name without its provider prefix, tokens]; the first match wins. */
const TABLE: ReadonlyArray<[RegExp, number]> = [
  // OpenAI
  [/^gpt-5[\w.]*-chat/, 128_000],
  [/^gpt-5/, 400_000],
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-4\.5/, 128_000],
  [/^(gpt-4o|chatgpt-4o)/, 128_000],
  [/^gpt-4-turbo|^gpt-4-\d{4}-preview/, 128_000],
  [/^gpt-4-32k/, 32_768],
  [/^gpt-4(-\d{4})?$/, 8_192],
  [/^gpt-3\.5-turbo/, 16_385],
  [/^o1-(mini|preview)/, 128_000],
  [/^o[134](-|$)/, 200_000],
  [/^gpt-oss/, 131_072],
  // Anthropic, Google
  [/^claude/, 200_000],
  [/^gemini-1\.5-pro/, 2_097_152],
  [/^gemini-(1\.5|2\.\d|3)/, 1_048_576],
  [/^gemma-?3[-:]?(1b|270m)/, 32_768],
  [/^gemma-?3/, 131_072],
  [/^gemma-?2/, 8_192],
  // Meta
  [/^(meta-)?llama-?3\.[123]/, 131_072],
  [/^(meta-)?llama-?3(\b|-|:|$)/, 8_192],
  [/^(meta-)?llama-?2/, 4_096],
  // Alibaba
  [/^qwen-?3.*2507/, 262_144],
  [/^(qwen-?3|qwq|qwen-?2\.5)/, 32_768],
  // Mistral
  [/^(mistral-(large|medium|small|nemo)|ministral|pixtral|magistral|open-mistral-nemo)/, 131_072],
  [/^codestral/, 256_000],
  [/^(mistral-7b|mixtral-8x7b|open-mistral-7b|open-mixtral-8x7b)/, 32_768],
  [/^(mixtral-8x22b|open-mixtral-8x22b)/, 65_536],
  // DeepSeek, Microsoft
  [/^deepseek/, 131_072],
  [/^phi-?4/, 16_384],
  [/^phi-?3.*128k/, 131_072],
  [/^phi-?3/, 4_096],
];

/** The table's window for a model, or undefined when it is not a model the table knows. */
export function tableContextWindow(model: string): ContextWindow | undefined {
  const name = model.trim().toLowerCase().split('/').pop() ?? '';
  const entry = TABLE.find(([pattern]) => pattern.test(name));
  if (!entry) return undefined;
  return { tokens: entry[1], from: 'table', detail: `SumLens's table of well-known models (as of ${CONTEXT_TABLE_DATE}) for ${model}` };
}
