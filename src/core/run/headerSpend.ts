/**
 * The header of a run file says what the whole file spent: at the end of every run (finished,
 * stopped at the spending limit, cancelled, or failed after its file was opened) the spend is
 * added up again from all its records, earlier invocations' included, and written into the
 * header line (rewritten atomically: runFile/rewriteHeader.ts).
 */
import { readRunFile } from '../runFile/runOutput';
import { rewriteHeader } from '../runFile/rewriteHeader';
import { addSpend, type RunSpend } from './runSpend';

/** Writes the file's spend into its header; returns it (undefined when no record kept one: nothing is written). */
export async function writeHeaderSpend(path: string): Promise<RunSpend | undefined> {
  let spend: RunSpend | undefined;
  const { header } = await readRunFile(path, (record) => (spend = addSpend(spend, record)));
  // A run that spent nothing new (everything was done) leaves its file untouched.
  if (spend && JSON.stringify(header?.spend) !== JSON.stringify(spend)) await rewriteHeader(path, (json) => ({ ...json, spend }));
  return spend;
}
