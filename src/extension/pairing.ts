/**
 * Which document is the source (and, optionally, the reference) of a summary. Asked once by
 * a quick pick that offers the other visible editor first, then the open editors, then the
 * workspace's text files (most recently changed first), and remembered per summary file in
 * workspaceState.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { pickDocument } from './documentPicker';

const pairSchema = z.object({ source: z.string(), reference: z.optional(z.nullable(z.string())) });
export type Pair = z.infer<typeof pairSchema>;

const stateKey = (summary: vscode.Uri) => `sumlens.pair:${summary.toString()}`;

export class PairMemory {
  constructor(private readonly state: vscode.Memento) {}

  get(summary: vscode.Uri): Pair | undefined {
    const parsed = pairSchema.safeParse(this.state.get(stateKey(summary)));
    return parsed.success ? parsed.data : undefined;
  }

  async set(summary: vscode.Uri, pair: Pair): Promise<void> {
    await this.state.update(stateKey(summary), pair);
  }

  /** Asks for the source; undefined when the user dismissed the pick. */
  async pickSource(summary: vscode.Uri): Promise<vscode.Uri | undefined> {
    const choice = await pickDocument({
      title: vscode.l10n.t('SumLens: source document for {0}', path.basename(summary.path)),
      placeHolder: vscode.l10n.t('Which document does this summary summarise? Type to filter by name.'),
      exclude: [summary],
      last: [{ label: `$(folder-opened) ${vscode.l10n.t('Browse…')}`, description: vscode.l10n.t('Choose a file') }],
    });
    if (!choice) return undefined;
    if (choice.uri) return choice.uri;
    const [picked] = (await vscode.window.showOpenDialog({ canSelectMany: false, title: vscode.l10n.t('Source document') })) ?? [];
    return picked;
  }

  /** Asks for an optional reference; null means "no reference", undefined "dismissed". */
  async pickReference(summary: vscode.Uri, source: vscode.Uri): Promise<vscode.Uri | null | undefined> {
    const choice = await pickDocument({
      title: vscode.l10n.t('SumLens: reference summary for {0} (optional)', path.basename(summary.path)),
      placeHolder: vscode.l10n.t('A human-written summary to compare against, if you have one'),
      exclude: [summary, source],
      first: [{ label: vscode.l10n.t('No reference summary'), description: vscode.l10n.t('Judge against the source only') }],
    });
    if (!choice) return undefined;
    return choice.uri ?? null;
  }

  /** The remembered pair, or asks for it (source, then optional reference) and remembers it. */
  async resolve(summary: vscode.Uri): Promise<Pair | undefined> {
    const known = this.get(summary);
    if (known) return known;
    const source = await this.pickSource(summary);
    if (!source) return undefined;
    const reference = await this.pickReference(summary, source);
    const pair: Pair = { source: source.toString(), reference: reference ? reference.toString() : null };
    await this.set(summary, pair);
    return pair;
  }
}
