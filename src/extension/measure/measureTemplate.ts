/**
 * "Measure against people": scores a human-scored set with the template being edited and
 * with the built-in template of the same aspect, on the same items and the same judge, and
 * compares how well each agrees with the people (Spearman with 95% bootstrap intervals, the
 * difference with its interval and a paired permutation p-value). The judge's replies are
 * cached, so measuring an unchanged template again costs nothing. A cost preview asks first;
 * the run is cancellable (a cancelled measurement records nothing: half a set would mislead).
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { AspectTemplate } from '../../core/prompts';
import type { ApiKeyStore } from '../secrets';
import { readSettings } from '../settings';
import { loadEngine } from '../run/loadEngine';
import { createSession } from '../run/session';
import { resolveTrustedLocations, type TrustNotices } from '../trust';
import { formatCount } from '../webview/numberFormat';
import type { Measurement, MeasurementHistory } from './measurementHistory';
import { loadScoredSet, type ScoredSet } from './scoredSet';

export interface MeasureDeps {
  keys: ApiKeyStore;
  notices: TrustNotices;
  history: MeasurementHistory;
  storage: vscode.Uri;
}

/** What a measurement will cost, before it runs. */
export interface MeasurePlan {
  set: ScoredSet;
  calls: number;
  tokens: number;
  text: string;
}

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** "1 call" / "12 calls", translated. */
const callCount = (count: number) => (count === 1 ? vscode.l10n.t('1 call') : vscode.l10n.t('{0} calls', formatCount(count)));

/** The progress line: judgements done of all, and the calls and tokens so far. */
const judged = (done: number, total: number, usage: { calls: number; promptTokens: number; completionTokens: number }) =>
  vscode.l10n.t(
    '{0} of {1} judgements · {2}, {3} tokens so far',
    done,
    total,
    callCount(usage.calls),
    formatCount(usage.promptTokens + usage.completionTokens),
  );

export function planMeasurement(template: AspectTemplate, templateText: string, scope: vscode.Uri): MeasurePlan {
  const set = loadScoredSet(template.task, template.aspect, scope);
  const calls = 2 * set.items.length;
  const tokens = set.items.reduce((sum, i) => sum + 2 * estimateTokens(templateText + i.source + i.summary + (i.reference ?? '')), 0);
  const samples = readSettings(scope).samples;
  return {
    set,
    calls,
    tokens,
    text: vscode.l10n.t(
      '{0} (×{1} when the endpoint gives no log-probabilities), about {2} prompt tokens, on {3}. Replies already in the cache cost nothing.',
      callCount(calls),
      samples,
      formatCount(tokens),
      set.name,
    ),
  };
}

/** Runs the measurement of `template` (whose text is `templateText`); undefined when cancelled. */
export async function measureTemplate(
  { template, templateText }: { template: AspectTemplate; templateText: string },
  scope: vscode.Uri,
  plan: MeasurePlan,
  deps: MeasureDeps,
): Promise<Measurement | undefined> {
  const engine = loadEngine();
  const settings = readSettings(scope);
  const locations = resolveTrustedLocations(scope);
  deps.notices.notify(locations.ignored);
  const session = await createSession(settings, locations.baseUrl, { keys: deps.keys, globalStorage: deps.storage });
  const sha = createHash('sha256').update(templateText).digest('hex');
  // The candidate is staged alone in an override folder of its own; the baseline has none.
  const candidateDir = path.join(deps.storage.fsPath, 'measure', sha.slice(0, 16));
  fs.mkdirSync(path.dirname(path.join(candidateDir, `${template.id}.md`)), { recursive: true });
  fs.writeFileSync(path.join(candidateDir, `${template.id}.md`), templateText);

  const controller = new AbortController();
  const total = plan.set.items.length * 2;
  let done = 0;
  const scores = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('SumLens: measuring {0} against people', template.id), cancellable: true },
    async (progress, token) => {
      const subscription = token.onCancellationRequested(() => controller.abort());
      const score = async (item: ScoredSet['items'][number], promptOverrideDir?: string) => {
        const [aspect] = await engine.evaluateAspects(
          { source: item.source, summary: item.summary, reference: item.reference, task: template.task },
          { method: 'geval', aspects: [template.aspect], samples: settings.samples, promptOverrideDir, session },
          { signal: controller.signal },
        );
        done++;
        const usage = session.usage();
        progress.report({
          increment: 100 / total,
          message: judged(done, total, usage),
        });
        return aspect.score;
      };
      try {
        return await Promise.all(
          plan.set.items.map(async (item) => ({ human: item.human, candidate: await score(item, candidateDir), baseline: await score(item) })),
        );
      } catch (error) {
        if (controller.signal.aborted || engine.isCancellation(error)) return undefined;
        throw error;
      } finally {
        subscription.dispose();
      }
    },
  );
  if (!scores) return undefined;
  const scored = scores.filter((s): s is { human: number; candidate: number; baseline: number } => s.candidate !== null && s.baseline !== null);
  if (scored.length < 3) throw new Error(`only ${scored.length} of ${scores.length} items got a score from both templates: too few to compare`);
  const comparison = engine.comparePairedCorrelations(
    scored.map((s) => s.human),
    scored.map((s) => s.candidate),
    scored.map((s) => s.baseline),
  );
  const defined = (x: number) => (Number.isFinite(x) ? x : null);
  const figure = (f: { correlation: number; interval: { low: number; high: number } }) => ({
    correlation: defined(f.correlation),
    low: defined(f.interval.low),
    high: defined(f.interval.high),
  });
  const usage = session.usage();
  const measurement: Measurement = {
    at: new Date().toISOString(),
    templateSha256: sha,
    set: scored.length === scores.length ? plan.set.name : `${plan.set.name} (${scored.length} scored by both)`,
    items: scored.length,
    candidate: figure(comparison.candidate),
    baseline: figure(comparison.baseline),
    difference: figure(comparison.difference),
    pValue: defined(comparison.pValue),
    calls: usage.calls,
    tokens: usage.promptTokens + usage.completionTokens,
    cacheHits: usage.cacheHits,
  };
  await deps.history.add(template.id, measurement);
  return measurement;
}
