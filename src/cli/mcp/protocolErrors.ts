/**
 * The JSON-RPC error for a line on stdin that is not a message: not JSON (-32700, parse
 * error), or JSON that is not a JSON-RPC message (-32600, invalid request). The SDK reports
 * such a line to the server's error handler only; the client gets this reply, so it never
 * waits for an answer that cannot come.
 */
interface ErrorReply {
  jsonrpc: '2.0';
  id: null;
  error: { code: number; message: string };
}

/** The reply to a line that is not a message; undefined for the server's other errors (a failed send, a stray response). */
export function protocolErrorReply(error: Error): ErrorReply | undefined {
  const parse = error instanceof SyntaxError;
  if (!parse && error.name !== 'ZodError') return undefined;
  const message = parse ? `parse error: not JSON: ${error.message}` : `invalid request: not a JSON-RPC 2.0 message (${firstLine(error.message)})`;
  return { jsonrpc: '2.0', id: null, error: { code: parse ? -32700 : -32600, message } };
}

function firstLine(text: string): string {
  return text.split('\n')[0].slice(0, 200);
}
