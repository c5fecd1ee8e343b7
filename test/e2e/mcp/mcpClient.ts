/**
 * `sumlens mcp` as an agent meets it: the real bundled binary (bin/sumlens.js) started by the
 * MCP SDK's own client over stdio, in a workspace folder of the test's, judged by the fake
 * server. Only PATH and what the test gives reach its environment.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as assert from 'node:assert/strict';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { packageRoot } from '../../../src/core/paths';

export const sumlensBin = path.join(packageRoot(), 'bin', 'sumlens.js');

export interface McpSession {
  client: Client;
  workspace: string;
  /** What the server wrote to stderr. */
  stderr(): string;
  /** Every message both ways, in order (for the transcript). */
  messages: { direction: 'to server' | 'from server'; message: JSONRPCMessage }[];
  close(): Promise<void>;
}

/** A temporary workspace holding `files` (relative path → text). */
export function makeWorkspace(files: Record<string, string>): string {
  const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sumlens-mcp-')));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workspace, name)), { recursive: true });
    fs.writeFileSync(path.join(workspace, name), text);
  }
  return workspace;
}

export async function startMcp(workspace: string, env: Record<string, string>, options: { command?: string; args?: string[] } = {}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: options.command ?? process.execPath,
    args: options.args ?? [sumlensBin, 'mcp', '--no-cache'],
    cwd: workspace,
    env: { PATH: process.env.PATH ?? '', HOME: workspace, ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const messages: McpSession['messages'] = [];
  const client = new Client({ name: 'sumlens-test', version: '1.0.0' });
  await client.connect(transport);
  // Recorded from after the handshake: the exchange an agent has.
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    messages.push({ direction: 'to server', message });
    return send(message);
  };
  const receive = transport.onmessage;
  transport.onmessage = (message) => {
    messages.push({ direction: 'from server', message });
    receive?.(message);
  };
  return { client, workspace, stderr: () => stderr, messages, close: () => client.close() };
}

export const ARTICLE = 'The council approved the new park on Monday after a long debate. It will open in May. The park cost two million pounds.';
export const SUMMARY = 'The council approved a new park on Tuesday. It opens in May.';

/** A data file of `n` items. */
export function dataFile(n: number): string {
  return Array.from({ length: n }, (_, i) => JSON.stringify({ id: `item${i}`, source: `${ARTICLE} Item ${i}.`, summary: SUMMARY })).join('\n') + '\n';
}

export type Structured = Record<string, any>;

export async function call(session: McpSession, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await session.client.callTool({ name, arguments: args })) as CallToolResult;
}

export function structured(result: CallToolResult): Structured {
  assert.ok(!result.isError, `tool error: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Structured;
}
