/**
 * One tool call of `sumlens mcp`: the engine's tool run in a call of its own (its stdout is
 * stderr: stdout carries JSON-RPC only), its result checked against the tool's output schema,
 * progress sent as MCP progress notifications, the request's cancellation passed on. A failure
 * is a tool result with isError and the line the CLI would print, its exit code named.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { failureText } from '../../core/tools/failureText';
import type { SumLensTool, ToolContext } from '../../core/tools/tool';
import { inCall, type CliIo } from '../io';
import { printError } from '../stderr';

export type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Progress notifications, when the client asked for them with a progress token. */
function progressOf(extra: CallExtra): ToolContext['onProgress'] {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  return ({ done, total, message }) =>
    void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: done, total, message } }).catch(() => undefined);
}

/** `request`: the tool's arguments as the client sent them, and the call's signal, progress token and notifications. */
export async function callTool(
  tool: SumLensTool,
  { args, extra }: { args: unknown; extra: CallExtra },
  context: Omit<ToolContext, 'signal' | 'onProgress'>,
  io: CliIo,
): Promise<CallToolResult> {
  // Anything the engine or a notice would print goes to stderr: stdout is the protocol's.
  const callIo: CliIo = { stdout: io.stderr, stderr: io.stderr, env: io.env };
  const { value } = await inCall(callIo, async () => {
    try {
      const result = await tool.run(args as never, { ...context, signal: extra.signal, onProgress: progressOf(extra) });
      const structured = tool.output.parse(result.structured);
      return { content: [{ type: 'text' as const, text: result.text }], structuredContent: structured };
    } catch (error) {
      const text = failureText(error);
      printError(`${tool.name}: ${text}`);
      return toolError(text);
    }
  });
  return value;
}
