/**
 * The fine-grained findings of a run as SARIF 2.1.0, so GitHub code scanning shows them on
 * the summary files: one rule per finding kind, each finding a result at its exact region
 * (1-based line and column, in UTF-16 code units, as VS Code and JavaScript count them), its
 * evidence as related locations. A text that came from a file (a data field holding a path)
 * is located in that file; a text held in the data file itself is located at its row there,
 * with the character offsets in the message.
 */
import { relative, resolve, sep } from 'node:path';
import { lineColumn } from '../lineColumn';
import type { Finding, FindingKind, NoteName } from '../result';
import { readRunFile } from '../runFile/runOutput';
import { idText, type LoadedRun } from './loadRun';

interface Rule {
  name: string;
  /** One line, shown in lists. */
  text: string;
  /** How SumLens finds it (GitHub shows it with the alert). */
  full: string;
  /** What to do about it. */
  help: string;
  level: 'error' | 'warning' | 'note';
}

const VOTED = 'Several differently-angled judge prompts vote on each fact of the summary (SumAutoEval)';

const RULES: Record<FindingKind, Rule> = {
  incorrect: {
    name: 'IncorrectFact',
    text: 'A fact in the summary contradicts the source.',
    full: `${VOTED}; the majority found this fact contradicted by the source. The evidence locations quote the source.`,
    help: 'Correct the fact from the source quoted as evidence, or remove it.',
    level: 'error',
  },
  unsupported: {
    name: 'UnsupportedFact',
    text: 'A fact in the summary is not supported by the source.',
    full: `${VOTED}; none found support for this fact in the source (or the prompts disagreed). SummEval's consistency counts such a fact as a hallucination.`,
    help: 'Check the fact against the source; remove it or rephrase it to what the source says.',
    level: 'warning',
  },
  partial: {
    name: 'PartiallySupportedFact',
    text: 'A fact in the summary is only partly supported by the source.',
    full: `${VOTED}; the source supports part of this fact only.`,
    help: 'Narrow the fact to what the source supports.',
    level: 'warning',
  },
  missing: {
    name: 'MissingFact',
    text: 'A key fact of the reference (or source) is missing from the summary.',
    full: 'The key facts are extracted from the reference summary (or the source when there is none); the judges found this one absent from the summary.',
    help: 'Add the fact if it belongs in the summary; the location points at it in the reference or source.',
    level: 'warning',
  },
  misplaced: {
    name: 'MisplacedFact',
    text: 'A fact stands in the wrong section of the summary.',
    full: 'The judges found this fact in the summary, but not in the section the reference puts it in.',
    help: 'Move the fact to the section where it belongs.',
    level: 'note',
  },
  readability: {
    name: 'Readability',
    text: 'A readability issue in the summary.',
    full: 'A judge reading the summary for flow and language flagged this passage; the message names the category.',
    help: 'Rephrase the passage for clarity.',
    level: 'note',
  },
};
const KINDS = Object.keys(RULES) as FindingKind[];

const NOTE_FIELD: Record<NoteName, 'summary' | 'source' | 'reference'> = { target: 'summary', source: 'source', reference: 'reference' };

interface ItemTexts {
  text?: Partial<Record<'summary' | 'source' | 'reference', string>>;
  files?: Partial<Record<'summary' | 'source' | 'reference', string>>;
  where?: string;
  id?: unknown;
  result?: { fine?: { findings?: Finding[] } };
}

function uri(path: string): string {
  return relative(process.cwd(), resolve(path)).split(sep).join('/');
}

/** Where a span of one of an item's texts stands, as a SARIF physical location. */
function location(
  item: ItemTexts,
  dataPath: string,
  { note, start, end, located }: { note: NoteName; start: number; end: number; located: boolean },
): Record<string, unknown> {
  const field = NOTE_FIELD[note];
  const file = item.files?.[field];
  const text = item.text?.[field];
  if (file && text !== undefined && located) {
    const from = lineColumn(text, start);
    const to = lineColumn(text, end);
    return {
      physicalLocation: {
        artifactLocation: { uri: uri(file) },
        region: { startLine: from.line, startColumn: from.column, endLine: to.line, endColumn: to.column, charOffset: start, charLength: end - start },
      },
    };
  }
  const row = /^line (\d+)$/.exec(item.where ?? '');
  return { physicalLocation: { artifactLocation: { uri: uri(dataPath) }, ...(row ? { region: { startLine: Number(row[1]) } } : {}) } };
}

export async function sarifLog(run: LoadedRun, toolVersion = run.header.tool): Promise<Record<string, unknown>> {
  const last = new Set(run.entries.map((e) => e.lineNo));
  const results: Record<string, unknown>[] = [];
  await readRunFile(run.path, (record, lineNo) => {
    if (!last.has(lineNo)) return;
    const item = record as unknown as ItemTexts;
    for (const finding of item.result?.fine?.findings ?? []) {
      const located = finding.located !== false;
      const field = NOTE_FIELD[finding.note];
      const offsets = item.files?.[field] ? '' : ` (${field} of item ${idText(item.id) ?? record.key}, characters ${finding.start}–${finding.end})`;
      results.push({
        ruleId: `sumlens/${finding.kind}`,
        ruleIndex: KINDS.indexOf(finding.kind),
        level: RULES[finding.kind].level,
        message: { text: `${finding.message}${finding.quote ? ` — "${finding.quote}"` : ''}${offsets}` },
        locations: [location(item, run.header.data, { note: finding.note, start: finding.start, end: finding.end, located })],
        ...(finding.evidence?.length
          ? {
              relatedLocations: finding.evidence.map((e, i) => ({
                id: i + 1,
                ...location(item, run.header.data, { note: e.note, start: e.start, end: e.end, located: true }),
                message: { text: `evidence in the ${NOTE_FIELD[e.note]}: "${item.text?.[NOTE_FIELD[e.note]]?.slice(e.start, e.end) ?? ''}"` },
              })),
            }
          : {}),
      });
    }
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'SumLens',
            version: toolVersion,
            rules: KINDS.map((kind) => ({
              id: `sumlens/${kind}`,
              name: RULES[kind].name,
              shortDescription: { text: RULES[kind].text },
              fullDescription: { text: RULES[kind].full },
              help: { text: RULES[kind].help },
              defaultConfiguration: { level: RULES[kind].level },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}
