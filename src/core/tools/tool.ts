/**
 * The engine side of SumLens's tools for agents: each tool's input and output as zod schemas,
 * the call into the engine, and its structured result. The front ends are thin: `sumlens mcp`
 * (src/cli/mcp/) serves them over the Model Context Protocol, and the editor offers them as
 * language model tools (src/extension/agentTools/engineAgentTool.ts). Nothing here knows
 * either protocol.
 */
import type * as z from 'zod';
import type { DatasetFolders } from '../datasets/locate';
import type { LlmSession } from '../llm/types';

/** What a front end gives a tool: never anything a tool's arguments could set (keys, endpoints). */
export interface ToolContext {
  /** The folder the server was started in, as a real path: every path argument must resolve inside it. */
  workspace: string;
  /** The judge as the front end's settings name it (OPENAI_BASE_URL, SUMLENS_MODEL for the CLI). */
  judge: { baseUrl?: string; model?: string; concurrency: number };
  /** A new session on that judge, with its key; one per call. */
  session(): LlmSession;
  datasetFolders: DatasetFolders;
  /** A folder of templates overriding the built-in ones, when the front end trusts the workspace's. */
  promptOverrideDir?: string;
  signal?: AbortSignal;
  onProgress?(progress: ToolProgress): void;
  /** One-line notices for people (bad rows skipped, a stale lock taken over). */
  onNotice?(text: string): void;
}

export interface ToolProgress {
  done: number;
  total: number;
  message: string;
}

export interface ToolResult<T> {
  /** What the output schema describes. */
  structured: T;
  /** A few lines for a reader who sees only text. */
  text: string;
}

export interface SumLensTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** What an agent reads to decide when to call it. */
  description: string;
  input: I;
  output: O;
  /** It sends requests to the judge (and so spends money). */
  callsJudge: boolean;
  /** It changes nothing on disk (the evaluating tools write run files). */
  readOnly: boolean;
  run(args: z.infer<I>, context: ToolContext): Promise<ToolResult<z.infer<O>>>;
}

/** A tool with its types checked where it is defined, then kept in one list. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: SumLensTool<I, O>): SumLensTool {
  return tool;
}

/**
 * A value as JSON carries it (NaN and infinities become null, undefined fields go), as the
 * tool's output type: the front end checks it against the output schema before sending it.
 */
export function asJson<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
