/**
 * Every message for people goes through here: stderr, one line each, so stdout carries only
 * results. The "sumlens:" prefix is coloured only when stderr is a terminal and NO_COLOR is
 * unset (https://no-color.org).
 */
import { redactCredentials } from '../core/errors';
import { cliIo, type Environment, type OutputStream } from './io';

type Kind = 'error' | 'warning';

const colours: Record<Kind, string> = { error: '\x1b[1;31m', warning: '\x1b[1;33m' };

export function colourOn(stream: OutputStream, env: Environment): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}

function paint(kind: Kind, text: string): string {
  const { stderr, env } = cliIo();
  return colourOn(stderr, env) ? `${colours[kind]}${text}\x1b[0m` : text;
}

/** Line breaks inside a message become spaces: one fault, one line. */
function oneLine(text: string): string {
  return redactCredentials(text)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

export function printError(message: string): void {
  cliIo().stderr.write(`${paint('error', 'sumlens:')} ${oneLine(message)}\n`);
}

export function printWarning(message: string): void {
  cliIo().stderr.write(`${paint('warning', 'sumlens: warning:')} ${oneLine(message)}\n`);
}

/** Information worth one line (an endpoint quirk learned), neither an error nor a caveat. */
export function printNotice(message: string): void {
  cliIo().stderr.write(`sumlens: ${oneLine(message)}\n`);
}
