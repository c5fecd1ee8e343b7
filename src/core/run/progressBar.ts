/**
 * Progress of a dataset run on stderr (stdout stays clean for results). On a terminal: one
 * line, redrawn at most every 100 ms and cut to the terminal's width so it never wraps, with
 * items done / to do, failures, calls, tokens and an ETA from this run's own pace (items found
 * done in the run file do not make it look faster). Elsewhere (CI logs, pipes): a plain line
 * every `every` items.
 */
import type { Usage } from '../llm/types';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface RunProgress {
  /** Items of this run finished (written or failed). */
  done: number;
  /** Items this run has to evaluate (not already in the run file). */
  todo: number;
  failed: number;
  usage: Usage;
  elapsedMs: number;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

function compact(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${(n / 1e3).toFixed(0)}k` : String(n);
}

export function renderProgress(p: RunProgress): string {
  const rate = p.elapsedMs > 0 ? p.done / (p.elapsedMs / 1000) : 0;
  const eta = rate > 0 ? (p.todo - p.done) / rate : NaN;
  const tokens = p.usage.promptTokens + p.usage.completionTokens;
  return (
    `${p.done}/${p.todo} items, ${p.failed} failed, ${compact(p.usage.calls)} calls, ${compact(tokens)} tokens, ` +
    `ETA ${p.done >= p.todo ? '00:00' : formatDuration(eta)}`
  );
}

/** The line cut to `width` characters (with an ellipsis), so the terminal never wraps it. */
export function fitToWidth(text: string, width: number): string {
  if (width <= 1 || text.length < width) return text;
  return text.slice(0, width - 2) + '…';
}

export class ProgressBar {
  private lastDraw = 0;
  private lastLine = -1;
  private drawn = false;

  constructor(
    private readonly stream: ProgressStream,
    /** Without a terminal, a line every this many items. */
    private readonly every = 10,
  ) {}

  update(p: RunProgress): void {
    if (this.stream.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw < 100 && p.done < p.todo) return;
      this.lastDraw = now;
      this.drawn = true;
      this.stream.write(`\r\x1b[2K${fitToWidth(renderProgress(p), this.stream.columns ?? 80)}`);
      return;
    }
    const step = Math.floor(p.done / this.every);
    if (step !== this.lastLine && (p.done % this.every === 0 || p.done === p.todo)) {
      this.lastLine = step;
      this.stream.write(renderProgress(p) + '\n');
    }
  }

  /** Ends the redrawn line so later output starts on a fresh one. */
  finish(): void {
    if (this.stream.isTTY && this.drawn) this.stream.write('\n');
  }
}
