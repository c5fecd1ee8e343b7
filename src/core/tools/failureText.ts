/**
 * A tool's failure as every front end tells an agent: "no-api-key (exit 3): …", the line the
 * CLI would print with the name and number of its exit code (the MCP server's isError result,
 * the editor's tool error).
 */
import { exitCodeOf, failureOf } from '../errors';

export function failureText(error: unknown): string {
  const { code, message } = failureOf(error);
  const bug = code === 'internal' ? ' This is a bug in SumLens: please report it with the call that caused it.' : '';
  return `${code} (exit ${exitCodeOf(code)}): ${message.replace(/\.$/, '')}${bug}`;
}
