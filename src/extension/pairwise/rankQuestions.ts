/**
 * The questions "SumLens: Rank Systems (Pairwise)" asks before anything is paid, as
 * `sumlens pairwise --data` takes them as flags: which column names the document (--group),
 * which the system (--system), the summary's and the source's columns when the file has no
 * `summary` / `source`, people's scores (--human, optional), the aspects (--aspects) and the
 * pairs a document (--pairs-per-doc). A question already answered in the request is skipped.
 */
import * as vscode from 'vscode';

export interface RankRequest {
  data?: vscode.Uri;
  group?: string;
  system?: string;
  /** --map, e.g. "summary=system_output". */
  map?: string;
  /** A column of people's scores; "" for none. */
  human?: string;
  aspects?: string[];
  /** Pairs a document; 0 for all. */
  pairsPerDoc?: number;
}

export type RankAnswers = Required<Omit<RankRequest, 'data'>>;

const GUESSES: Record<'group' | 'system' | 'summary' | 'source', string[]> = {
  group: ['doc_id', 'document_id', 'doc', 'id'],
  system: ['system_id', 'system', 'model', 'model_id'],
  summary: ['summary', 'system_output', 'output', 'decoded'],
  source: ['source', 'text', 'article', 'document'],
};

/** A column from a quick pick, the likeliest first. */
async function pickColumn(columns: readonly string[], role: keyof typeof GUESSES, placeHolder: string): Promise<string | undefined> {
  const guess = GUESSES[role].find((g) => columns.includes(g));
  const ordered = guess ? [guess, ...columns.filter((c) => c !== guess)] : [...columns];
  return vscode.window.showQuickPick(ordered, { title: vscode.l10n.t('SumLens: Rank Systems (Pairwise)'), placeHolder, ignoreFocusOut: true });
}

async function pickFieldMap(columns: readonly string[], request: RankRequest): Promise<string | undefined> {
  if (request.map !== undefined) return request.map;
  const map: string[] = [];
  if (!columns.includes('summary')) {
    const summary = await pickColumn(columns, 'summary', vscode.l10n.t('Which column holds the summary?'));
    if (!summary) return undefined;
    map.push(`summary=${summary}`);
  }
  if (!columns.includes('source')) {
    const source = await pickColumn(columns, 'source', vscode.l10n.t('Which column holds the source document?'));
    if (!source) return undefined;
    map.push(`source=${source}`);
  }
  return map.join(',');
}

async function pickHuman(columns: readonly string[]): Promise<string | undefined> {
  const none = vscode.l10n.t('No people’s scores');
  const picked = await vscode.window.showQuickPick([none, ...columns], {
    title: vscode.l10n.t('SumLens: Rank Systems (Pairwise)'),
    placeHolder: vscode.l10n.t("People's score of each summary, for Kendall's tau against the ranking (optional)"),
    ignoreFocusOut: true,
  });
  return picked === undefined ? undefined : picked === none ? '' : picked;
}

async function pickAspects(available: readonly string[]): Promise<string[] | undefined> {
  const picked = await vscode.window.showQuickPick(
    available.map((aspect) => ({ label: aspect, picked: aspect === 'overall' })),
    {
      title: vscode.l10n.t('SumLens: Rank Systems (Pairwise)'),
      placeHolder: vscode.l10n.t('Which questions? Each aspect is its own ranking'),
      canPickMany: true,
      ignoreFocusOut: true,
    },
  );
  return picked && picked.length > 0 ? picked.map((p) => p.label) : undefined;
}

async function askPairsPerDoc(): Promise<number | undefined> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('SumLens: Rank Systems (Pairwise)'),
    prompt: vscode.l10n.t('Pairs a document (empty: every pair; the comparison graph is kept connected)'),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' || /^[1-9]\d*$/.test(value.trim()) ? undefined : vscode.l10n.t('A whole number above 0, or empty')),
  });
  return text === undefined ? undefined : text.trim() === '' ? 0 : Number(text.trim());
}

/** Every answer, from the request or asked; undefined when a question was dismissed. */
export async function rankAnswers(columns: readonly string[], aspects: readonly string[], request: RankRequest): Promise<RankAnswers | undefined> {
  const group =
    request.group ?? (await pickColumn(columns, 'group', vscode.l10n.t('Which column names the document (each document compared across systems)?')));
  if (!group) return undefined;
  const system =
    request.system ??
    (await pickColumn(
      columns.filter((c) => c !== group),
      'system',
      vscode.l10n.t('Which column names the system?'),
    ));
  if (!system) return undefined;
  const map = await pickFieldMap(columns, request);
  if (map === undefined) return undefined;
  const human = request.human ?? (await pickHuman(columns));
  if (human === undefined) return undefined;
  const picked = request.aspects ?? (await pickAspects(aspects));
  if (!picked) return undefined;
  const pairsPerDoc = request.pairsPerDoc ?? (await askPairsPerDoc());
  if (pairsPerDoc === undefined) return undefined;
  return { group, system, map, human, aspects: picked, pairsPerDoc };
}
