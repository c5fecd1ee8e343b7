/**
 * A pairwise run's figures (src/core/pairwise/pairwiseReport) as the comparison view's ranking
 * message: undefined figures (NaN, e.g. a flip rate when no pair was asked in both orders)
 * become null, which the view shows as "–".
 */
import * as vscode from 'vscode';
import type { AspectFigures } from '../../core/pairwise/pairwiseReport';
import type { RankingAspectView, RankingView } from '../webview/comparisonProtocol';

const finite = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);
const pair = ([lo, hi]: [number, number]): [number | null, number | null] => [finite(lo), finite(hi)];

export function rankingAspect(f: AspectFigures): RankingAspectView {
  const view: RankingAspectView = {
    aspect: f.aspect,
    pairs: f.pairs,
    inconsistent: f.inconsistent,
    flipRate: { value: finite(f.flipRate.value), interval: pair(f.flipRate.interval), of: f.flipRate.of },
    firstPositionWinRate: {
      value: finite(f.firstPositionWinRate.value),
      interval: pair(f.firstPositionWinRate.interval),
      of: f.firstPositionWinRate.of,
      p: finite(f.firstPositionWinRate.p),
    },
  };
  if (f.ranking) view.ranking = f.ranking.map((r) => ({ ...r, strength: finite(r.strength), interval: pair(r.interval) }));
  if (f.winRate) {
    const w = f.winRate;
    view.winRate = { of: w.of, over: w.over, value: finite(w.value), interval: pair(w.interval), wins: w.wins, losses: w.losses, ties: w.ties };
  }
  if (f.longerWinRate) view.longerWinRate = { value: finite(f.longerWinRate.value), of: f.longerWinRate.of };
  if (f.lengthControlledWinRate) view.lengthControlledWinRate = { value: finite(f.lengthControlledWinRate.value) };
  const tau = f.humanAgreement?.kendallTau;
  if (tau) view.humanTau = { value: finite(tau.value), interval: pair(tau.interval) };
  return view;
}

export function rankingView(figures: readonly AspectFigures[], about: Omit<RankingView, 'aspects' | 'ties'>): RankingView {
  const davidson = figures.some((f) => f.rankingFit?.ties === 'davidson');
  const ties = davidson ? vscode.l10n.t("ties by Davidson's tie model") : vscode.l10n.t('ties count as half a win');
  return { ...about, ties, aspects: figures.map(rankingAspect) };
}
