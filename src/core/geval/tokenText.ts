/**
 * The text a token stands for, whatever form the server reports it in. Most servers send
 * the decoded piece (" 4"), but some send the tokenizer's own spelling:
 * - GPT-2-style byte-level BPE (`convert_ids_to_tokens`): every byte is a printable
 *   character, a space is `Ġ`, a newline `Ċ` ("Ġ4" is " 4");
 * - SentencePiece: a space is `▁` ("▁4"), and bytes outside the vocabulary are `<0x34>`;
 * - vLLM's `--return-tokens-as-token-ids`: `token_id:19` carries no text at all;
 * - a partial UTF-8 character comes back as U+FFFD (Ollama).
 * Returns null when the text cannot be recovered (token ids, replacement characters).
 */

/** GPT-2's bytes_to_unicode table, inverted: the character each byte is written as → the byte. */
const byteLevelChars: Map<string, number> = (() => {
  const printable = (b: number) => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  const map = new Map<string, number>();
  let shifted = 0;
  for (let b = 0; b < 256; b++) {
    map.set(String.fromCharCode(printable(b) ? b : 256 + shifted++), b);
  }
  return map;
})();

/** Characters only byte-level BPE uses for bytes (the shifted ones, U+0100–U+0143). */
const BYTE_LEVEL_MARK = /[\u0100-\u0143]/;
const SENTENCEPIECE_BYTES = /^(?:<0x[0-9A-Fa-f]{2}>)+$/;
const TOKEN_ID = /^token_id:\d+$/;

export function decodeTokenText(token: string): string | null {
  if (TOKEN_ID.test(token) || token.includes('\uFFFD')) return null;
  if (SENTENCEPIECE_BYTES.test(token)) {
    const bytes = token.match(/<0x([0-9A-Fa-f]{2})>/g)!.map((b) => parseInt(b.slice(3, 5), 16));
    return utf8(bytes);
  }
  if (token.includes('\u2581')) return token.replace(/\u2581/g, ' ');
  if (BYTE_LEVEL_MARK.test(token) && [...token].every((c) => byteLevelChars.has(c))) {
    return utf8([...token].map((c) => byteLevelChars.get(c) as number));
  }
  return token;
}

/** Strict UTF-8: bytes that do not form whole characters have no readable text. */
function utf8(bytes: number[]): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}
