/**
 * `sumlens mcp`: SumLens's tools for coding agents (Copilot in VS Code, Claude Code, Cursor)
 * over the Model Context Protocol on stdin and stdout. The judge and its key are the server's:
 * OPENAI_API_KEY, OPENAI_BASE_URL and SUMLENS_MODEL (or --base-url, --model), never a tool's
 * arguments. The server and the SDK load only when this command runs (src/cli/mcp/).
 */
import type { Command } from 'commander';
import { addSessionOptions } from '../sessionOptions';
import { addSpendLimitOptions } from '../spendLimitOptions';
import type { McpFlags } from '../mcp/serve';

export function registerMcp(program: Command): void {
  const command = program
    .command('mcp')
    .description('serve SumLens to coding agents over the Model Context Protocol (stdio): evaluate, compare, audit, datasets, cost')
    .option('--workspace <folder>', "the folder the tools' paths are relative to and must stay inside (default: the folder it is started in)", '.');
  // Each tool call spends from a limit of its own (one call is one sumlens call: spendLimitOptions.ts).
  addSpendLimitOptions(command);
  addSessionOptions(command).action(async (flags: McpFlags) => (await import('../mcp/serve')).serveMcp(flags));
}
