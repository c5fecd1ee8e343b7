/**
 * Tool `estimate_cost`: what evaluate_dataset would send for a data file, as `sumlens eval
 * --data FILE --dry-run`: calls, tokens and the cost at the price table's list prices for the
 * items not yet finished in the run file. Nothing is sent to the judge.
 */
import * as path from 'node:path';
import * as z from 'zod';
import { estimateCost } from '../llm/pricing';
import { estimateDataset } from '../operations/runDataset';
import { dataArguments, dataRunOf } from './evaluateData';
import { scoringArguments } from './scoringArguments';
import { asJson, defineTool } from './tool';

const input = z.object({
  ...dataArguments,
  out: z.string().optional().describe('the run file evaluate_dataset would resume (its finished items cost nothing); default as evaluate_dataset'),
  ...scoringArguments,
});

const output = z.object({
  model: z.string(),
  items: z.number().describe('items to evaluate'),
  alreadyDone: z.number().describe('items finished in the run file'),
  calls: z.number(),
  promptTokens: z.number().describe('about'),
  completionTokens: z.number().describe('at most'),
  costUsd: z.number().nullable().describe("at the price table's list prices; null for a model the table does not know"),
  largestCall: z.number().describe("the most tokens one call holds (what must fit the judge's context)"),
  unknowns: z.array(z.string()).describe('what the figures cannot know before running'),
});

export const estimateCostTool = defineTool({
  name: 'estimate_cost',
  title: 'Estimate what a dataset run costs',
  description:
    'Estimate the calls, tokens and cost of evaluate_dataset on a data file with the same arguments, without sending anything to the judge (the dry run). Items already finished in the run file are not counted.',
  input,
  output,
  callsJudge: false,
  readOnly: true,
  async run(args, context) {
    const { data, out, spec, map } = dataRunOf(args, context);
    const estimate = await estimateDataset({ spec, data: { path: data, task: args.task, map }, out });
    const costUsd = estimateCost(spec.judge.model, estimate.usage) ?? null;
    const structured = asJson<z.infer<typeof output>>({
      model: spec.judge.model,
      items: estimate.items,
      alreadyDone: estimate.alreadyDone,
      calls: estimate.usage.calls,
      promptTokens: estimate.usage.promptTokens,
      completionTokens: estimate.usage.completionTokens,
      costUsd,
      largestCall: estimate.largestCall,
      unknowns: estimate.unknowns,
    });
    const text =
      `${estimate.items} item(s) to evaluate (${estimate.alreadyDone} already in ${path.relative(context.workspace, out)}): ${estimate.usage.calls} calls, ` +
      `~${estimate.usage.promptTokens} prompt + at most ${estimate.usage.completionTokens} completion tokens, ${costUsd === null ? `no price known for ${spec.judge.model}` : `about $${costUsd.toFixed(4)}`}`;
    return { structured, text };
  },
});
