/**
 * Error replies come in every shape servers use: OpenAI's `{"error":{message,param,code}}`,
 * old vLLM's flat `{"message","type","param"}`, Gemini's JSON list of errors, LM Studio's
 * `{"error":"text"}`, FastAPI's `{"detail":…}`, plain text, HTML pages from proxies. The
 * `openai` client understands only the first and otherwise reports "400 status code (no
 * body)", so every error reply is rewritten into that first shape, keeping the server's own
 * words, before the client reads it.
 */

export interface ErrorBody {
  message: string;
  param?: string | null;
  code?: string | number | null;
  type?: string | null;
}

/** Longest server message kept; enough for every refusal quoted in the provider guide. */
const maxMessageLength = 400;

/** The server's message, parameter and code, from an error reply in any shape. */
export function readErrorBody(text: string, contentType: string | null, status: number): ErrorBody {
  const trimmed = text.trim();
  if (!trimmed) return { message: `the server sent an empty ${status} reply` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    const isHtml = /html/i.test(contentType ?? '') || /^<(!doctype|html|head|body)/i.test(trimmed);
    return { message: shorten(isHtml ? htmlText(trimmed) : trimmed) };
  }
  return fromJson(parsed) ?? { message: shorten(trimmed) };
}

function fromJson(value: unknown): ErrorBody | undefined {
  if (Array.isArray(value)) {
    // Gemini: [{"error":{…}}]; several errors are joined so none is hidden.
    const parts = value.map(fromJson).filter((part): part is ErrorBody => part !== undefined);
    if (parts.length === 0) return undefined;
    return { ...parts[0], message: shorten(parts.map((p) => p.message).join('; ')) };
  }
  if (typeof value === 'string') return { message: shorten(value) };
  if (!isRecord(value)) return undefined;
  if (value.error !== undefined && value.error !== null) {
    const inner = typeof value.error === 'string' ? { message: value.error } : fromJson(value.error);
    if (inner) return inner;
  }
  if (value.detail !== undefined) return fromDetail(value.detail);
  const message = value.message ?? value.msg ?? value.error_message;
  if (message === undefined) return undefined;
  return {
    message: shorten(typeof message === 'string' ? message : JSON.stringify(message)),
    param: typeof value.param === 'string' ? value.param : null,
    code: typeof value.code === 'string' || typeof value.code === 'number' ? value.code : null,
    type: typeof value.type === 'string' ? value.type : typeof value.status === 'string' ? value.status : null,
  };
}

/** A message field as text: a string as it is, anything else as its JSON (never "[object Object]"). */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** FastAPI validation errors: `{"detail":[{"loc":["body","n"],"msg":"…"}]}` or a string. */
function fromDetail(detail: unknown): ErrorBody {
  if (!Array.isArray(detail)) return { message: shorten(typeof detail === 'string' ? detail : JSON.stringify(detail)) };
  const items = detail.filter(isRecord);
  const message = items.map((item) => `${Array.isArray(item.loc) ? item.loc.join('.') + ': ' : ''}${textOf(item.msg ?? '')}`).join('; ');
  const loc = items[0]?.loc;
  const param = Array.isArray(loc) && loc.length > 0 ? String(loc[loc.length - 1]) : null;
  return { message: shorten(message || JSON.stringify(detail)), param };
}

/** The readable words of an HTML error page: its title and text, without markup. */
function htmlText(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim();
  const body = html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  if (title && body.startsWith(title)) return body;
  return [title, body].filter(Boolean).join(': ');
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > maxMessageLength ? `${flat.slice(0, maxMessageLength - 1)}…` : flat;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Fetch = typeof fetch;

/**
 * A fetch for the `openai` client that rewrites every error reply into OpenAI's shape (see
 * above), so the client's APIError carries the server's message, `param` and `code`.
 */
export function errorNormalisingFetch(inner: Fetch = fetch): Fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.ok) return response;
    const body = readErrorBody(await response.text(), response.headers.get('content-type'), response.status);
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(JSON.stringify({ error: body }), { status: response.status, statusText: response.statusText, headers });
  };
}
