/** Every tool SumLens offers agents, in the order a front end lists them. */
import { auditJudgeTool } from './auditJudge';
import { compareRunsTool } from './compareRuns';
import { getDatasetTool, listDatasetsTool } from './datasets';
import { estimateCostTool } from './estimateCost';
import { evaluateDataTool } from './evaluateData';
import { evaluateSummaryTool } from './evaluateSummary';
import type { SumLensTool } from './tool';

export const sumlensTools: readonly SumLensTool[] = [
  evaluateSummaryTool,
  evaluateDataTool,
  estimateCostTool,
  compareRunsTool,
  auditJudgeTool,
  listDatasetsTool,
  getDatasetTool,
];
