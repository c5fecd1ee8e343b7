/** The error bodies servers send, each in its own shape (see the provider guide). */
import type { FakeReply } from '../openaiServer';

interface OpenAiErrorFields {
  message: string;
  type?: string;
  param?: string | null;
  code?: string | number | null;
}

/** `{"error":{message,type,param,code}}`: OpenAI, Azure, vLLM ≥ 0.10.1, Ollama, llama.cpp, Groq, DashScope. */
export function openAiError(status: number, error: OpenAiErrorFields): FakeReply {
  return { raw: JSON.stringify({ error: { type: 'invalid_request_error', param: null, code: null, ...error } }), status };
}

/** vLLM before 0.10.1: flat, no `error` key (the openai client alone shows "400 status code (no body)"). */
export function flatError(status: number, message: string, param: string | null = null): FakeReply {
  return { raw: JSON.stringify({ object: 'error', message, type: 'BadRequestError', param, code: status }), status };
}

/** Gemini's OpenAI compatibility: a JSON list of errors. */
export function listError(status: number, message: string): FakeReply {
  const error = { code: status, message, status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest' }] };
  return { raw: JSON.stringify([{ error }]), status };
}

/** LM Studio: the error is a string. */
export function stringError(status: number, message: string): FakeReply {
  return { raw: JSON.stringify({ error: message }), status };
}

/** Anthropic: `{"type":"error","error":{type,message}}`. */
export function anthropicError(status: number, message: string): FakeReply {
  return { raw: JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message } }), status };
}

/** A proxy's HTML page. */
export function htmlError(status: number, title: string): FakeReply {
  return {
    raw: `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>nginx</p></body></html>`,
    status,
    contentType: 'text/html',
  };
}

/** Plain text. */
export function textError(status: number, message: string): FakeReply {
  return { raw: message, status, contentType: 'text/plain' };
}

/** Removes request fields a server does not know (it ignores them silently). */
export function ignoring(...fields: string[]): (body: any) => any {
  return (body) => {
    for (const field of fields) delete body[field];
    return body;
  };
}
