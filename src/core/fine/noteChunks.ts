/**
 * Splitting a long note for extraction: the extraction chain's replies (every entity, then
 * every quote) grow with the note, so a note past the limit is cut into evenly sized
 * chunks, each extracted by its own chain (the chains run concurrently, so the critical
 * path stays 3 calls). Cuts fall on a paragraph break, else a line break, else a sentence
 * end, else whitespace, searched near each even cut point.
 */
import { estimateTokens } from './tokens';

export interface NoteChunk {
  start: number;
  text: string;
}

const BREAKS = [/\n\s*\n/g, /\n/g, /[.!?]\s/g, /\s/g];

/** The best cut near `target`, within [min, max). */
function cutNear(text: string, target: number, min: number, max: number): number {
  for (const pattern of BREAKS) {
    let best = -1;
    for (const m of text.slice(min, max).matchAll(pattern)) {
      const cut = min + (m.index ?? 0) + m[0].length;
      if (best < 0 || Math.abs(cut - target) < Math.abs(best - target)) best = cut;
    }
    if (best > min) return best;
  }
  return target;
}

export function chunkNote(text: string, maxTokens: number): NoteChunk[] {
  const tokens = estimateTokens(text);
  if (tokens <= maxTokens) return [{ start: 0, text }];
  const count = Math.ceil(tokens / maxTokens);
  const size = text.length / count;
  const cuts = [0];
  for (let k = 1; k < count; k++) {
    const target = Math.round(k * size);
    // Search a quarter of a chunk either side, never before the previous cut.
    const slack = Math.floor(size / 4);
    cuts.push(cutNear(text, target, Math.max(cuts[k - 1] + 1, target - slack), Math.min(text.length, target + slack)));
  }
  cuts.push(text.length);
  const chunks: NoteChunk[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) chunks.push({ start: cuts[k], text: text.slice(cuts[k], cuts[k + 1]) });
  return chunks.filter((c) => c.text.trim() !== '');
}
