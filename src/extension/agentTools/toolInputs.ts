/**
 * The language model tools' inputs as zod schemas: an agent's input is a model's output and
 * is checked like any other (VS Code does not check an invokeTool's input against the schema).
 * package.json's `contributes.languageModelTools[].inputSchema` holds the same schemas with
 * their descriptions for the model (test/unit/extension/agentToolSchemas.test.ts keeps the
 * two in step). No vscode import: the unit test reads this file.
 */
import * as z from 'zod/mini';
import { RUN_METHODS } from '../../core/methodsAndTasks';

const path = () => z.optional(z.string().check(z.minLength(1)));

export const evaluateSummaryInput = z.strictObject({
  summaryPath: path(),
  sourcePath: path(),
  method: z.optional(z.enum(RUN_METHODS)),
  aspects: z.optional(z.array(z.string().check(z.minLength(1))).check(z.minLength(1))),
  maxCost: z.optional(z.number().check(z.positive())),
});
export type EvaluateSummaryInput = z.infer<typeof evaluateSummaryInput>;

export const summaryFindingsInput = z.strictObject({ summaryPath: path() });
export type SummaryFindingsInput = z.infer<typeof summaryFindingsInput>;

export const compareRunsInput = z.strictObject({
  runA: z.string().check(z.minLength(1)),
  runB: path(),
  allowDifferent: z.optional(z.boolean()),
});
export type CompareRunsInput = z.infer<typeof compareRunsInput>;

/** The tools by name, as package.json contributes them. */
export const agentToolInputs = {
  sumlens_evaluate_summary: evaluateSummaryInput,
  sumlens_summary_findings: summaryFindingsInput,
  sumlens_compare_runs: compareRunsInput,
} as const;
export type AgentToolName = keyof typeof agentToolInputs;

/** The input checked, or an error naming what is wrong (the message the agent reads). */
export function parseToolInput<T extends AgentToolName>(tool: T, input: unknown): z.infer<(typeof agentToolInputs)[T]> {
  const parsed = z.safeParse(agentToolInputs[tool], input);
  if (parsed.success) return parsed.data as z.infer<(typeof agentToolInputs)[T]>;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`);
  throw new Error(`SumLens: ${tool} got an input it cannot use (${problems.join('; ')}).`);
}
