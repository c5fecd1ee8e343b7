/**
 * A progress line with ETA for long runs, written to a stream (stderr: stdout stays clean for
 * output). On a terminal it redraws one line at most every 100 ms; elsewhere (CI logs) it
 * prints a line every 10% so logs stay short.
 */

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

export function renderProgress(done: number, total: number, elapsedSec: number, extra = '', width = 24): string {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.round(share * width);
  const rate = elapsedSec > 0 ? done / elapsedSec : 0;
  const eta = rate > 0 ? (total - done) / rate : NaN;
  const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
  return `[${bar}] ${done}/${total} ${(share * 100).toFixed(0)}% ${rate.toFixed(1)} items/s ETA ${formatDuration(eta)}${extra ? ' ' + extra : ''}`;
}

export class ProgressBar {
  private readonly start = Date.now();
  private lastDraw = 0;
  private lastDecile = -1;

  constructor(
    private readonly stream: ProgressStream,
    private readonly total: number,
  ) {}

  update(done: number, extra = ''): void {
    const now = Date.now();
    const line = renderProgress(done, this.total, (now - this.start) / 1000, extra);
    if (this.stream.isTTY) {
      if (now - this.lastDraw < 100 && done < this.total) return;
      this.lastDraw = now;
      this.stream.write(`\r\x1b[2K${line}`);
      return;
    }
    const decile = this.total === 0 ? 10 : Math.floor((done / this.total) * 10);
    if (decile !== this.lastDecile) {
      this.lastDecile = decile;
      this.stream.write(line + '\n');
    }
  }

  /** Ends the redrawn line so later output starts on a fresh one. */
  finish(): void {
    if (this.stream.isTTY) this.stream.write('\n');
  }
}
