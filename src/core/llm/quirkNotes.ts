/**
 * What one session learned and noticed about its server, and the lines that name it: the
 * provenance of the run (every line once) and one stderr notice per line. Apart from the
 * session because it is bookkeeping shared by everything that learns (refusals, replies,
 * silent cuts, too-long errors) and none of the request flow.
 */
import { CapabilityStore, DEFAULT_QUIRK_TTL_MS, describeQuirk, type QuirkName } from './capabilityStore';
import type { Capabilities } from './types';

export class QuirkNotes {
  /** What this run saw without a refusal (n ignored, logprobs dropped, thinking): not remembered across runs. */
  private readonly observed: Capabilities = {};
  private readonly notes = new Set<string>();
  private rememberedNoted = false;

  constructor(
    private readonly endpoint: string,
    private readonly model: string,
    private readonly store: CapabilityStore,
    private readonly onNotice?: (line: string) => void,
  ) {}

  /** What is known of the endpoint: remembered quirks, overlaid by what this run observed. */
  capabilities(): Capabilities {
    return { ...this.store.get(this.endpoint, this.model), ...this.observed };
  }

  provenance(): string[] {
    return [...this.notes];
  }

  /** Remembers a quirk learned from an explicit refusal or replies that show it (announced once, kept for a week, or a day for a silent drop). */
  /**
   * `quietly`: named in the provenance only, not on stderr, where the error the call ends in
   * already says it (a window learned from a too-long error or a cut prompt).
   */
  learn(change: Capabilities, because: string, ttlMs = DEFAULT_QUIRK_TTL_MS, quietly = false): void {
    const fresh = this.store.update(this.endpoint, this.model, change, { because, ttlMs });
    const days = Math.round(ttlMs / (24 * 3600 * 1000));
    const kept = this.store.persistent ? `; remembered for ${days} day${days === 1 ? '' : 's'} (sumlens capabilities --reset to forget)` : '';
    for (const name of fresh) {
      const line = `learned: ${describeQuirk(name, change[name])} (${because})`;
      if (quietly) this.notes.add(line);
      else this.note(line, kept);
    }
  }

  /** Forgets remembered quirks a reply contradicted, and names that it did. */
  forget(names: QuirkName[], line: string): void {
    this.store.forget(this.endpoint, this.model, names);
    this.note(line);
  }

  /** A fallback this run noticed without a refusal: applied for the run, not remembered. */
  observe(change: Capabilities, what: string): void {
    const fresh = (Object.keys(change) as QuirkName[]).some((name) => JSON.stringify(this.observed[name]) !== JSON.stringify(change[name]));
    Object.assign(this.observed, change);
    if (fresh) this.note(what);
  }

  noteRemembered(): void {
    if (this.rememberedNoted) return;
    this.rememberedNoted = true;
    for (const quirk of this.store.learned(this.endpoint, this.model)) {
      this.notes.add(
        `remembered from ${quirk.learnedAt.slice(0, 10)}: ${describeQuirk(quirk.name, quirk.value)} (${quirk.because}; sumlens capabilities --reset to forget)`,
      );
    }
  }

  note(line: string, noticeSuffix = ''): void {
    if (this.notes.has(line)) return;
    this.notes.add(line);
    this.onNotice?.(`${this.endpoint} (${this.model}): ${line}${noticeSuffix}`);
  }
}
