/**
 * "SumLens: Show Pairwise Ranking": a pairwise run file (`sumlens pairwise --data … --out`, a
 * table of many systems) shown as a ranking per aspect in the comparison view: Bradley–Terry
 * strengths with their bootstrap intervals over documents, as a chart and a table, and the
 * judge's position and length bias. The figures are the engine's (pairwiseReport.ts), as the
 * CLI prints them; the run file is read, never written.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { PairRecord, PairwiseHeader } from '../../core/pairwise/pairwiseRunFile';
import { loadEngine, type Engine } from '../run/loadEngine';
import type { RankingView } from '../webview/comparisonProtocol';
import { ComparisonPanel } from './comparisonView';

/** Bootstrap resamples of the intervals (the CLI's default). */
const RESAMPLES = 1000;
const finite = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : null);

function rankingOf(engine: Engine, file: string, run: { header: PairwiseHeader; records: PairRecord[] }): RankingView {
  const aspects = run.header.aspects.map((aspect) => {
    const f = engine.aspectFigures(run.records, aspect, { resamples: RESAMPLES, seed: run.header.seed });
    const share = (r: { value: number; interval: [number, number]; of: number }) => ({
      value: finite(r.value),
      low: finite(r.interval[0]),
      high: finite(r.interval[1]),
      of: r.of,
    });
    return {
      aspect,
      pairs: f.pairs,
      systems: (f.ranking ?? []).map((s) => ({ ...s, strength: finite(s.strength), low: finite(s.interval[0]), high: finite(s.interval[1]) })),
      flipRate: share(f.flipRate),
      firstPositionWinRate: { ...share(f.firstPositionWinRate), p: finite(f.firstPositionWinRate.p) },
      ...(f.lengthControlledWinRate ? { lengthControlledWinRate: finite(f.lengthControlledWinRate.value) } : {}),
    };
  });
  return { file, judges: run.header.judges.map((j) => j.model).join(', '), orders: run.header.orders, aspects };
}

/** Shows the ranking of the clicked (or picked) pairwise run file; returns what the view was sent. */
export async function showPairwiseRanking(extensionUri: vscode.Uri, clicked?: vscode.Uri): Promise<RankingView | undefined> {
  const file =
    clicked?.scheme === 'file'
      ? clicked
      : (
          await vscode.window.showOpenDialog({
            title: vscode.l10n.t('SumLens: a pairwise run file (sumlens pairwise --out)'),
            canSelectMany: false,
            filters: { [vscode.l10n.t('SumLens runs')]: ['jsonl'] },
          })
        )?.[0];
  if (!file) return undefined;
  const name = path.basename(file.fsPath);
  try {
    const engine = loadEngine();
    const ranking = rankingOf(engine, name, engine.readPairwiseRun(file.fsPath));
    const panel = new ComparisonPanel(extensionUri, vscode.l10n.t('Ranking: {0}', name));
    panel.post({ type: 'ranking', ranking });
    return ranking;
  } catch (error) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('SumLens could not show the ranking of {0}: {1}', name, error instanceof Error ? error.message : String(error)),
    );
    return undefined;
  }
}
