/**
 * The part of GitHub Actions' expression language action.yml uses, evaluated as GitHub does:
 * `${{ … }}` in strings, and `if:` conditions (an expression with or without `${{ }}`).
 * Contexts (inputs, github, runner, steps) are plain objects; strings compare case-insensitively;
 * an empty string, 0, null and false are false. Functions: always(), success(), failure().
 * Anything else throws, so action.yml cannot use a construct this runner would misread.
 */
export type Contexts = Record<string, unknown>;

export interface StatusFunctions {
  /** Whether every step so far succeeded. */
  succeeded: boolean;
}

type Token = { kind: 'string' | 'number' | 'name' | 'op'; text: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:'((?:[^']|'')*)'|(\d+(?:\.\d+)?)|([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*(?:\(\))?)|(==|!=|&&|\|\||!|\(|\)))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) throw new Error(`expression not understood at "${text.slice(at)}"`);
    at = pattern.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'string', text: m[1].replace(/''/g, "'") });
    else if (m[2] !== undefined) tokens.push({ kind: 'number', text: m[2] });
    else if (m[3] !== undefined) tokens.push({ kind: 'name', text: m[3] });
    else tokens.push({ kind: 'op', text: m[4] });
  }
  return tokens;
}

function truthy(value: unknown): boolean {
  return !(value === '' || value === 0 || value === null || value === undefined || value === false);
}

/** A value as GitHub writes it into a string: objects as JSON, null and undefined as ''. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return `${value}`;
  return JSON.stringify(value);
}

function equal(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : text(a) === text(b);
}

function lookup(path: string, contexts: Contexts): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), contexts);
}

/** Precedence climbing over ||, &&, ==/!=, then unary ! and primaries. */
export function evaluate(text: string, contexts: Contexts, status: StatusFunctions = { succeeded: true }): unknown {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i]?.text;
  const primary = (): unknown => {
    const token = tokens[i++];
    if (!token) throw new Error(`expression ends early: ${text}`);
    if (token.text === '!') return !truthy(primary());
    if (token.text === '(') {
      const value = or();
      if (tokens[i++]?.text !== ')') throw new Error(`missing ) in ${text}`);
      return value;
    }
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.text === 'true' || token.text === 'false') return token.text === 'true';
    if (token.text === 'always()') return true;
    if (token.text === 'success()') return status.succeeded;
    if (token.text === 'failure()') return !status.succeeded;
    if (token.kind === 'name' && !token.text.endsWith('()')) return lookup(token.text, contexts);
    throw new Error(`not supported by this runner: ${token.text} in ${text}`);
  };
  const comparison = (): unknown => {
    let value = primary();
    while (peek() === '==' || peek() === '!=') {
      const op = tokens[i++].text;
      const right = primary();
      value = op === '==' ? equal(value, right) : !equal(value, right);
    }
    return value;
  };
  const and = (): unknown => {
    let value = comparison();
    while (peek() === '&&') {
      i++;
      const right = comparison();
      value = truthy(value) ? right : value;
    }
    return value;
  };
  const or = (): unknown => {
    let value = and();
    while (peek() === '||') {
      i++;
      const right = and();
      value = truthy(value) ? value : right;
    }
    return value;
  };
  const value = or();
  if (i !== tokens.length) throw new Error(`unexpected "${peek()}" in ${text}`);
  return value;
}

/** A string with each `${{ … }}` replaced by its value. */
export function interpolate(template: string, contexts: Contexts): string {
  return template.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => text(evaluate(expression, contexts)));
}

/** An `if:` condition: without one, success(); a condition that names no status function is ANDed with success(). */
export function condition(text: string | undefined, contexts: Contexts, status: StatusFunctions): boolean {
  if (text === undefined) return status.succeeded;
  const expression = text.trim().replace(/^\$\{\{(.*)\}\}$/s, '$1');
  const value = truthy(evaluate(expression, contexts, status));
  return /\b(always|success|failure|cancelled)\(\)/.test(expression) ? value : value && status.succeeded;
}
