/**
 * The text of a source written in markup (a web page pasted or saved, an HTML story, XML), as
 * a reader sees it: tags removed (what is inside script, style, head and comments dropped),
 * character references decoded, white space and line breaks inside a paragraph joined to one
 * space (a <br> before a closing punctuation mark to nothing), a block's end (p, div, h1–h6,
 * li, …, or two <br> in a row) kept as a paragraph break. Every character of the view keeps
 * the span of the file it was read from, so an excerpt of the view maps back to the exact
 * offsets of the file as written. Plain text is its own view (the identity map).
 */
import type { Span } from '../result';
import { decodeEntity } from './entities';

export interface MarkupRemoved {
  kind: 'HTML';
  tags: number;
  entities: number;
}

export interface TextView {
  /** What is read and shown: the file itself when it has no markup. */
  text: string;
  /** Set when markup was found and removed. */
  markup?: MarkupRemoved;
  /** The span of the file that the view's [start, end) was read from. */
  toFile(span: Span): Span;
}

/** A file that declares itself a page, or has this many tags of HTML, is markup. */
const DECLARATION = /^\s*(?:<\?xml\b|<!doctype\b|<html\b)/i;
const KNOWN_TAG =
  /<\/?(?:a|b|i|u|s|p|br|hr|em|strong|span|div|h[1-6]|li|ul|ol|dl|dt|dd|table|tr|td|th|tbody|thead|body|head|html|title|meta|link|img|script|style|blockquote|pre|code|sup|sub|section|article|header|footer|nav|font|center|small|big|tt|figure|figcaption)(?=[\s/>])[^<>]*>/gi;
const MIN_KNOWN_TAGS = 3;

// A DOCTYPE may hold tags of its own where a converter put <br /> at every line end.
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!doctype\b(?:"[^"]*"|'[^']*'|<[^<>]*>|[^<>"'])*>|<[!?][^<>]*>|<\/?([a-zA-Z][\w:.-]*)(?:\s[^<>]*)?>|&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});|[ \t\r\n\f]+/g;
/** Elements whose content is not text a reader sees. */
const DROPPED = new Set(['script', 'style', 'head', 'noscript', 'template']);
/** Tags that end a block: a paragraph break. */
const BLOCK = new Set(
  'p div h1 h2 h3 h4 h5 h6 li ul ol dl dt dd table tr thead tbody tfoot caption blockquote pre section article header footer nav aside main figure figcaption hr title address form fieldset body html'.split(
    ' ',
  ),
);
/** Tags inside a word or a sentence: removed without a space. Any other tag counts as a space. */
const INLINE = new Set(
  'a abbr b bdi bdo big cite code del dfn em font i ins kbd mark q s samp small span strike strong sub sup time tt u var wbr img'.split(' '),
);
/** After a <br>, these join the line before without a space ("Woman<br />." reads "Woman."). */
const CLOSING = /[.,;:!?)\]\u201d\u2019]/;

export function hasMarkup(text: string): boolean {
  if (DECLARATION.test(text)) return true;
  let tags = 0;
  for (const _ of text.matchAll(KNOWN_TAG)) if (++tags >= MIN_KNOWN_TAGS) return true;
  return false;
}

const identity = (span: Span): Span => ({ start: span.start, end: span.end });

export function textView(file: string): TextView {
  return hasMarkup(file) ? new MarkupReader(file).read() : { text: file, toFile: identity };
}

let last: { file: string; view: TextView } | undefined;

/** textView, keeping the last one: every aspect of an evaluation shortens the same source. */
export function textViewOf(file: string): TextView {
  if (last?.file !== file) last = { file, view: textView(file) };
  return last.view;
}

/** What separates the text before from the next text: nothing, a space, a <br>, a paragraph break (in that order of strength). */
const enum Gap {
  None,
  Space,
  Br,
  Paragraph,
}

class MarkupReader {
  private readonly chunks: string[] = [];
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private length = 0;
  private gap = Gap.None;
  private gapSpan: Span = { start: 0, end: 0 };
  private tags = 0;
  private entities = 0;

  constructor(private readonly file: string) {
    // The view is never longer than the file: each piece of it is read from at least as many characters.
    this.starts = new Int32Array(file.length + 2);
    this.ends = new Int32Array(file.length + 2);
  }

  read(): TextView {
    const file = this.file;
    const token = new RegExp(TOKEN.source, 'gi');
    let at = 0;
    for (let match = token.exec(file); match; match = token.exec(file)) {
      if (match.index > at) this.emit(file.slice(at, match.index), at, match.index, true);
      at = token.lastIndex;
      const found = match[0];
      const span = { start: match.index, end: at };
      if (found[0] === '&') {
        const decoded = decodeEntity(found);
        if (decoded === undefined) this.emit(found, span.start, span.end, true);
        else {
          this.entities++;
          this.emit(decoded, span.start, span.end, false);
        }
      } else if (found[0] !== '<') this.widen(Gap.Space, span);
      else {
        this.tags++;
        at = this.tag(match[1]?.toLowerCase(), found, span);
        token.lastIndex = at;
      }
    }
    if (at < file.length) this.emit(file.slice(at), at, file.length, true);
    const { starts, ends, length } = this;
    const fileAt = (i: number): number => (i < length ? starts[i] : file.length);
    return {
      text: this.chunks.join(''),
      markup: { kind: 'HTML', tags: this.tags, entities: this.entities },
      toFile: (span) => {
        if (span.end <= span.start) return { start: fileAt(span.start), end: fileAt(span.start) };
        return { start: starts[span.start], end: ends[span.end - 1] };
      },
    };
  }

  /** Reads one tag; returns where reading goes on (past a dropped element's end). */
  private tag(name: string | undefined, found: string, span: Span): number {
    if (name === undefined) return span.end; // a comment, a declaration
    const closing = found[1] === '/';
    if (!closing && DROPPED.has(name) && !found.endsWith('/>')) {
      const end = new RegExp(`</${name}\\s*>`, 'ig');
      end.lastIndex = span.end;
      if (end.exec(this.file)) {
        this.tags++;
        this.widen(Gap.Space, { start: span.start, end: end.lastIndex });
        return end.lastIndex;
      }
    }
    if (name === 'br') this.widen(this.gap >= Gap.Br ? Gap.Paragraph : Gap.Br, span);
    else if (BLOCK.has(name)) this.widen(Gap.Paragraph, span);
    else if (!INLINE.has(name)) this.widen(Gap.Space, span);
    return span.end;
  }

  private widen(gap: Gap, span: Span): void {
    if (gap > this.gap) {
      this.gap = gap;
      this.gapSpan = span;
    }
  }

  /** Text into the view: each character its own place in the file (`own`), or all of them the span [start, end) (a decoded reference). */
  private emit(text: string, start: number, end: number, own: boolean): void {
    if (this.gap !== Gap.None && this.length > 0) {
      const joined = this.gap === Gap.Br && CLOSING.test(text[0]);
      const separator = this.gap === Gap.Paragraph ? '\n\n' : joined ? '' : ' ';
      for (let k = 0; k < separator.length; k++) this.place(this.gapSpan.start, this.gapSpan.end);
      this.chunks.push(separator);
    }
    this.gap = Gap.None;
    this.chunks.push(text);
    for (let k = 0; k < text.length; k++) this.place(own ? start + k : start, own ? start + k + 1 : end);
  }

  private place(start: number, end: number): void {
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length++;
  }
}
