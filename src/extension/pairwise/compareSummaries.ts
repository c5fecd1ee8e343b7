/**
 * "SumLens: Compare Two Summaries": two summaries of one source (two files selected in the
 * Explorer, or the summary in this editor and the one in the editor beside it) judged
 * pairwise by the engine's comparePair, per aspect and in both orders, under a cancellable
 * progress notification; the comparison view shows the verdicts. The source is the first
 * summary's, as Evaluate pairs it (asked once, remembered).
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { AspectComparison } from '../../core/pairwise/comparePair';
import { documentFor } from '../documents';
import type { PairMemory } from '../pairing';
import type { PromptTemplates } from '../promptTemplates';
import { loadEngine } from '../run/loadEngine';
import { createSession } from '../run/session';
import type { ApiKeyStore } from '../secrets';
import { readSettings } from '../settings';
import { resolveTrustedLocations, type TrustNotices } from '../trust';
import type { AspectComparisonView } from '../webview/comparisonProtocol';
import { ComparisonPanel } from './comparisonView';

export interface CompareDeps {
  extensionUri: vscode.Uri;
  pairs: PairMemory;
  keys: ApiKeyStore;
  notices: TrustNotices;
  templates: PromptTemplates;
  globalStorage: vscode.Uri;
}

/** The pairwise templates SumLens ships: the summary aspects, else the one overall question. */
const PAIRWISE_ASPECTS = ['coherence', 'consistency', 'fluency', 'relevance'];

/** The two summaries: the two files selected in the Explorer, else this editor's and the one beside it. */
function twoSummaries(clicked: vscode.Uri | undefined, selected: vscode.Uri[] | undefined): [vscode.Uri, vscode.Uri] | undefined {
  if (selected?.length === 2) return [selected[0], selected[1]];
  const active = vscode.window.activeTextEditor;
  const beside = vscode.window.visibleTextEditors.find(
    (e) => e.viewColumn !== active?.viewColumn && e.document.uri.toString() !== active?.document.uri.toString(),
  );
  if (!clicked && active && beside) return [active.document.uri, beside.document.uri];
  return undefined;
}

function forView(comparison: AspectComparison): AspectComparisonView {
  return {
    aspect: comparison.aspect,
    verdict: comparison.verdict,
    pA: comparison.pA,
    pB: comparison.pB,
    pTie: comparison.pTie,
    inconsistent: comparison.inconsistent,
    orders: comparison.orders.map((o) => ({
      first: o.first,
      verdict: o.verdict,
      pA: o.pA,
      pB: o.pB,
      pTie: o.pTie,
      route: o.provenance.route,
      why: o.provenance.why,
      answers: o.answers ?? [],
    })),
  };
}

export async function compareSummaries(deps: CompareDeps, clicked?: vscode.Uri, selected?: vscode.Uri[]): Promise<AspectComparison[] | undefined> {
  const summaries = twoSummaries(clicked, selected);
  if (!summaries) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('SumLens: select two summary files in the Explorer, or open the other summary in the editor beside this one.'),
    );
    return undefined;
  }
  const pair = await deps.pairs.resolve(summaries[0]);
  if (!pair) return undefined;
  const [a, b] = await Promise.all(summaries.map((uri) => vscode.workspace.openTextDocument(uri)));
  const source = await documentFor(pair.source);
  const names = { a: path.basename(a.uri.fsPath), b: path.basename(b.uri.fsPath), source: path.basename(source.uri.fsPath) };
  const settings = readSettings(a.uri);
  const locations = resolveTrustedLocations(a.uri);
  deps.notices.notify(locations.ignored);
  const aspects = settings.aspects.length ? settings.aspects : settings.task === 'summarization' ? PAIRWISE_ASPECTS : ['overall'];
  const view = new ComparisonPanel(deps.extensionUri, vscode.l10n.t('Compare: {0} vs {1}', names.a, names.b));
  view.post({ type: 'comparing', ...names });
  try {
    const session = await createSession(settings, locations.baseUrl, { keys: deps.keys, globalStorage: deps.globalStorage });
    const promptOverrideDir = deps.templates.stage(locations.promptOverrideDir);
    const comparisons = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('SumLens: comparing {0} and {1}', names.a, names.b), cancellable: true },
      (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return loadEngine().comparePair(
          session,
          { source: source.getText(), a: a.getText(), b: b.getText() },
          {
            aspects,
            orders: 'both',
            seed: 1,
            pairKey: `${names.a}\u0000${names.b}`,
            route: settings.route,
            samples: settings.samples,
            maxStandardError: settings.maxStandardError,
            promptOverrideDir,
            signal: controller.signal,
          },
        );
      },
    );
    const usage = session.usage();
    view.post({
      type: 'comparison',
      comparison: {
        source: names.source,
        a: { name: names.a, characters: a.getText().length },
        b: { name: names.b, characters: b.getText().length },
        model: session.model,
        aspects: comparisons.map(forView),
        usage: vscode.l10n.t('{0} calls ({1} aspects × 2 orders), {2} prompt tokens', usage.calls, aspects.length, usage.promptTokens.toLocaleString('en-US')),
      },
    });
    return comparisons;
  } catch (error) {
    const message = vscode.l10n.t('SumLens could not compare the summaries: {0}', (error as Error).message).slice(0, 2000);
    view.post({ type: 'error', message });
    void vscode.window.showErrorMessage(message);
    return undefined;
  }
}
