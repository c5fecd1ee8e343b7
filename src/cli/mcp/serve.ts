/**
 * The `sumlens mcp` server: every engine tool (src/core/tools/) registered with the MCP SDK
 * over stdio, until the client closes stdin. Notices go to stderr, JSON-RPC alone to stdout.
 *
 * One judging call at a time: a tool that calls the judge while another one runs is answered
 * at once with a tool error ("busy"), not queued, so an agent never waits on a hidden queue
 * and what is spent stays what it asked for. The tools that call no judge (compare_runs,
 * estimate_cost, the datasets) run alongside.
 */
import * as fs from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { SumLensError } from '../../core/errors';
import { datasetFolders } from '../../core/datasets/locate';
import { packageVersion } from '../../core/manifest';
import { endpointOf } from '../../core/runSpec/buildSpec';
import { agentCallLimit } from '../../core/llm/spendLimit';
import { defaultModel } from '../../core/llm/openaiSession';
import { sumlensTools } from '../../core/tools/toolList';
import type { ToolContext } from '../../core/tools/tool';
import { cliIo } from '../io';
import { sessionFrom, type SessionFlags } from '../sessionOptions';
import { printNotice } from '../stderr';
import { callTool, toolError } from './toolCall';
import { protocolErrorReply } from './protocolErrors';

const INSTRUCTIONS =
  'SumLens scores summaries with an LLM judge. evaluate_summary scores one summary (and, with method "fine", finds wrong and missing facts with their spans); ' +
  'evaluate_dataset scores a data file into a run file; compare_runs tells whether run B is better than run A; estimate_cost says what a run would cost first. ' +
  'Paths are relative to the folder the server was started in and must stay inside it. One judging call runs at a time.';

export interface McpFlags extends SessionFlags {
  workspace: string;
}

/** The workspace's real path: a folder that exists, or a usage error. */
function workspaceOf(folder: string): string {
  const stats = fs.statSync(folder, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) throw new SumLensError('usage', `--workspace ${folder} is not a folder`);
  return fs.realpathSync(folder);
}

export async function serveMcp(flags: McpFlags): Promise<void> {
  const io = cliIo();
  const stdout = io.stdout as NodeJS.WritableStream;
  if (!io.stdin || typeof stdout.once !== 'function') throw new SumLensError('usage', 'sumlens mcp talks over stdin and stdout; run it from an MCP client');
  const workspace = workspaceOf(flags.workspace);
  const context: Omit<ToolContext, 'signal' | 'onProgress'> = {
    workspace,
    judge: { baseUrl: flags.baseUrl, model: flags.model, concurrency: flags.concurrency },
    session: () => sessionFrom(flags),
    datasetFolders: datasetFolders(io.env),
    onNotice: printNotice,
  };
  const server = new McpServer({ name: 'sumlens', version: packageVersion() }, { instructions: INSTRUCTIONS });
  let running: string | undefined;
  for (const tool of sumlensTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: tool.callsJudge },
      },
      async (args, extra) => {
        if (!tool.callsJudge) return callTool(tool, { args, extra }, context, io);
        if (running !== undefined)
          return toolError(`busy: ${running} is running and SumLens runs one judging call at a time; call again when it has answered, or cancel it`);
        running = tool.name;
        try {
          const limit = agentCallLimit(flags.maxCost, (args as { maxCost?: number }).maxCost, "the server's --max-cost");
          const session = () => sessionFrom({ ...flags, maxCost: limit.usd, maxCostName: limit.raise });
          return await callTool(tool, { args, extra }, { ...context, session }, io);
        } finally {
          running = undefined;
        }
      },
    );
  }
  const transport = new StdioServerTransport(io.stdin as NodeJS.ReadStream, stdout as NodeJS.WriteStream);
  const closed = new Promise<void>((resolve) => {
    io.stdin!.once('end', () => void server.close().then(resolve));
    transport.onclose = resolve;
  });
  await server.connect(transport);
  // A line that is not JSON-RPC gets its JSON-RPC error (id null: it has none that can be read); the server goes on.
  server.server.onerror = (error) => {
    const reply = protocolErrorReply(error);
    printNotice(`mcp: ${reply?.error.message ?? error.message}`);
    if (reply) void transport.send(reply as unknown as JSONRPCMessage);
  };
  printNotice(
    `mcp: serving ${sumlensTools.length} tools on stdio for ${workspace}; judge ${flags.model ?? defaultModel} at ${endpointOf(flags.baseUrl)}${io.env.OPENAI_API_KEY ? '' : ' (no OPENAI_API_KEY: judging tools will fail)'}`,
  );
  await closed;
}
