/**
 * `sumlens mcp`: SumLens's tools for coding agents (Copilot in VS Code, Claude Code, Cursor)
 * over the Model Context Protocol on stdin and stdout. The judge and its key are the server's:
 * OPENAI_API_KEY, OPENAI_BASE_URL and SUMLENS_MODEL (or --base-url, --model), never a tool's
 * arguments. The server and the SDK load only when this command runs (src/cli/mcp/).
 */
import type { Command } from 'commander';
import { addSessionOptions, type SessionFlags } from '../sessionOptions';

export function registerMcp(program: Command): void {
  const command = program
    .command('mcp')
    .description('serve SumLens to coding agents over the Model Context Protocol (stdio): evaluate, compare, audit, datasets, cost');
  addSessionOptions(command).action(async (flags: SessionFlags) => (await import('../mcp/serve')).serveMcp(flags));
}
