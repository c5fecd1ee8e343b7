import { SumLensError } from '../errors';

/** A template file the loader cannot use: names the file and the 1-based line. */
export class TemplateError extends SumLensError {
  constructor(
    readonly filePath: string,
    readonly line: number,
    readonly detail: string,
  ) {
    super('template', `${filePath}:${line}: ${detail}`);
    this.name = 'TemplateError';
  }
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
