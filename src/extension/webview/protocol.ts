/**
 * The messages between the SumLens panel and the extension, one union per direction,
 * declared once and validated with zod on receipt on both sides (the webview bundles this
 * file too). What they carry is declared apart: the panel model in panelModel.ts, its
 * payloads in resultSchema.ts, measurementSchemas.ts and datasetSchemas.ts. Model text travels
 * inside these messages and is only ever rendered with textContent.
 */
// zod/mini: the same validation in a fraction of the bundle (the webview script ships it).
import * as z from 'zod/mini';
import { panelModelSchema, progressSchema } from './panelModel';

/** Extension → webview. */
export const toWebviewSchema = z.discriminatedUnion('type', [
  /**
   * `unchanged`: the parts the view already holds as last sent, left out of this message (a
   * dataset of 10,000 items is not sent, validated and redrawn again for a tab switch).
   */
  z.object({ type: z.literal('model'), model: panelModelSchema, unchanged: z.optional(z.array(z.enum(['dataset']))) }),
  z.object({ type: z.literal('progress'), progress: progressSchema }),
]);
export type ToWebview = z.infer<typeof toWebviewSchema>;

/** Webview → extension. */
export const fromWebviewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('revealEntity'), entityId: z.string().check(z.maxLength(200)) }),
  z.object({ type: z.literal('export'), format: z.enum(['json', 'markdown']) }),
  /** A dataset item clicked: open its summary and source side by side. */
  z.object({ type: z.literal('openItem'), key: z.string().check(z.maxLength(2000)) }),
  /** A view tab clicked: the extension's model keeps it, so a later update does not switch back. */
  z.object({ type: z.literal('showView'), view: z.enum(['summary', 'dataset', 'comparison', 'audit']) }),
  /** "Your score" clicked on an aspect of the shown summary. */
  z.object({ type: z.literal('rate'), aspect: z.string().check(z.maxLength(100)), score: z.number().check(z.gte(-100), z.lte(100)) }),
  /** "Show the excerpts the judge saw": highlight them on the source (those of one aspect when they differ by aspect), scrolled to excerpt `at` or the next. */
  z.object({ type: z.literal('showExcerpts'), aspect: z.optional(z.string().check(z.maxLength(100))), at: z.optional(z.int().check(z.minimum(0))) }),
  z.object({ type: z.literal('clearExcerpts') }),
]);
export type FromWebview = z.infer<typeof fromWebviewSchema>;
