/**
 * Tools `list_datasets` and `get_dataset`: the human-scored sets SumLens knows (as `sumlens
 * datasets list`), and a slice of one set's items with people's scores. A set is read from
 * the folders the user set (SUMLENS_DATASETS, or the downloads of `sumlens datasets get`);
 * downloading is left to the CLI, where a person sees what is fetched.
 */
import * as z from 'zod';
import { readDataset } from '../datasets/dataset';
import { findDatasetFile, getCommand, resolveDatasetArgument } from '../datasets/locate';
import { datasetRegistry, entryBytes, registryEntry } from '../datasets/registry';
import { datasetName } from './datasetArgument';
import { asJson, defineTool } from './tool';

const listOutput = z.object({
  datasets: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      licence: z.string(),
      bytes: z.number(),
      here: z.boolean().describe('its files are in the datasets folder; absent ones are got with `sumlens datasets get NAME`'),
      getCommand: z.string(),
    }),
  ),
});

export const listDatasetsTool = defineTool({
  name: 'list_datasets',
  title: 'List human-scored datasets',
  description:
    'The human-scored sets SumLens knows (SummEval, Topical-Chat, QAGS, LongEval …): title, licence, size, and whether a copy is here (in SUMLENS_DATASETS or the downloads of `sumlens datasets get`). Read one with get_dataset; audit a judge on one with audit_judge.',
  input: z.object({}),
  output: listOutput,
  callsJudge: false,
  readOnly: true,
  run(_args, context) {
    const datasets = datasetRegistry.map((entry) => ({
      name: entry.name,
      title: entry.title,
      licence: entry.licence,
      bytes: entryBytes(entry),
      here: findDatasetFile(entry.files[0].path, context.datasetFolders) !== undefined,
      getCommand: getCommand(entry.name),
    }));
    const text = datasets.map((d) => `${d.name}: ${d.here ? 'here' : `absent (${d.getCommand})`} · ${d.title}`).join('\n');
    return Promise.resolve({ structured: { datasets }, text });
  },
});

const getOutput = z.object({
  name: z.string(),
  kind: z.string(),
  aspects: z.array(z.string()).describe('the human-scored aspects every item has'),
  subsets: z.array(z.string()).optional(),
  total: z.number().describe('items in the set (or the subset)'),
  offset: z.number(),
  items: z.array(
    z.object({
      key: z.string(),
      system: z.string(),
      doc: z.string().optional(),
      source: z.string(),
      summary: z.string(),
      reference: z.string().optional(),
      scores: z.record(z.string(), z.number()).describe("people's scores, per aspect"),
    }),
  ),
  caveat: z.string().optional(),
});

export const getDatasetTool = defineTool({
  name: 'get_dataset',
  title: 'Read items of a human-scored dataset',
  description:
    "A slice of a human-scored set's items: the source, the system's summary, the reference when the set has one, and people's scores per aspect. The set must be here (see list_datasets).",
  input: z.object({
    name: datasetName,
    subset: z.string().optional().describe('the part of a set with subsets (LongEval: pubmed or squality)'),
    offset: z.int().min(0).default(0),
    limit: z.int().min(1).max(100).default(5).describe('items returned (sources can be long)'),
  }),
  output: getOutput,
  callsJudge: false,
  readOnly: true,
  run(args, context) {
    const dataset = readDataset(resolveDatasetArgument(args.name, context.datasetFolders), args.subset);
    const items = dataset.items.slice(args.offset, args.offset + args.limit).map((item) => ({
      key: item.key,
      system: String(item.system_id),
      ...(item.doc_id !== undefined ? { doc: String(item.doc_id) } : {}),
      source: item.source,
      summary: item.system_output,
      ...(item.reference !== undefined ? { reference: item.reference } : {}),
      scores: item.scores,
    }));
    const structured = asJson<z.infer<typeof getOutput>>({
      name: registryEntry(args.name)?.name ?? args.name,
      kind: dataset.kind,
      aspects: dataset.aspects,
      subsets: dataset.subsets,
      total: dataset.items.length,
      offset: args.offset,
      items,
      caveat: dataset.caveat,
    });
    const text = `${structured.name}: items ${args.offset + 1}-${args.offset + items.length} of ${dataset.items.length}, scored on ${dataset.aspects.join(', ')}`;
    return Promise.resolve({ structured, text });
  },
});
