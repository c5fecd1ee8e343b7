/**
 * The human-scored items a template is measured on: the user's own scored file
 * (`sumlens.measure.dataset`, JSON or JSONL in the meta-evaluation format) or, by default,
 * a slice of SummEval (summarization, consistency) or Topical-Chat (dialogue) found by name
 * as the CLI finds it: in `sumlens.datasetsFolder` (else SUMLENS_DATASETS), then among the
 * sets `sumlens datasets get` downloaded. The slice takes `sumlens.measure.items` items spread evenly over
 * the set (not the first few documents), so that it spans documents and systems.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { loadEngine } from '../run/loadEngine';

export interface ScoredItem {
  source: string;
  summary: string;
  reference?: string;
  human: number;
}

export interface ScoredSet {
  /** What the figures are measured on, as shown to the user ("SummEval, 20 of 1,600 items"). */
  name: string;
  items: ScoredItem[];
}

/** The registered set each task is measured on by default, and its main file. */
const defaults: Record<string, { name: string; file: string }> = {
  summarization: { name: 'summeval', file: 'summeval/summeval.json' },
  consistency: { name: 'summeval', file: 'summeval/summeval.json' },
  dialogue: { name: 'topical-chat', file: 'topical_chat/topical_chat.json' },
};

/** The default set of a task, or an error naming the command that gets it. */
function findDefaultSet(task: string, scope: vscode.Uri): string {
  const set = defaults[task];
  if (!set) throw new Error(`no human-scored set for ${task} templates; set sumlens.measure.dataset to your own scored JSONL`);
  const engine = loadEngine();
  const folder = vscode.workspace.getConfiguration('sumlens', scope).get<string>('datasetsFolder', '').trim();
  const found = engine.findDatasetFile(set.file, engine.datasetFolders(process.env, folder || undefined));
  if (!found) {
    throw new Error(
      `the human-scored set ${set.name} is not here: run \`${engine.getCommand(set.name)}\` in a terminal, or set sumlens.datasetsFolder to a folder holding ${set.file}; or set sumlens.measure.dataset to your own scored JSONL`,
    );
  }
  return found;
}

function readUserFile(file: string) {
  const engine = loadEngine();
  if (!file.endsWith('.jsonl')) return engine.readDataset(file);
  // The engine's reader: a missing, empty or binary file is told as the CLI tells it.
  const rows = engine
    .readDataFile(file, `sumlens.measure.dataset ${file}`)
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim())
    .map(({ line, i }) => {
      try {
        return JSON.parse(line) as unknown;
      } catch (error) {
        throw new Error(`${file}:${i + 1}: not JSON: ${(error as Error).message}`);
      }
    });
  return engine.parseDataset(rows, file);
}

/** The set for a template of `task` scoring `aspect`; throws with a message the user can act on. */
export function loadScoredSet(task: string, aspect: string, scope: vscode.Uri): ScoredSet {
  const config = vscode.workspace.getConfiguration('sumlens.measure', scope);
  const size = Math.max(3, config.get<number>('items', 20));
  const own = config.get<string>('dataset', '').trim();
  const root = vscode.workspace.getWorkspaceFolder(scope)?.uri.fsPath ?? '';
  const file = own ? path.resolve(root, own) : findDefaultSet(task, scope);
  const dataset = readUserFile(file);
  if (!dataset.aspects.includes(aspect)) {
    throw new Error(`${path.basename(file)} has no human "${aspect}" scores (it has: ${dataset.aspects.join(', ')})`);
  }
  const all = dataset.items;
  const step = all.length / Math.min(size, all.length);
  const picked = Array.from({ length: Math.min(size, all.length) }, (_, i) => all[Math.floor(i * step)]);
  return {
    name: `${own ? path.basename(file) : path.basename(path.dirname(file))}, ${picked.length} of ${all.length.toLocaleString('en-US')} items`,
    items: picked.map((item) => ({
      // Topical-Chat: the dialogue is the source, the response the summary, the fact the reference.
      source: item.source,
      summary: item.system_output,
      reference: item.reference ?? item.context,
      human: item.scores[aspect],
    })),
  };
}
