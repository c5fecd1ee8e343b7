/**
 * The names of the run files SumLens writes when the user names none, in one place: a run of
 * the same data with the same method finds (and resumes) the same file, whichever front end
 * started it.
 */
import * as path from 'node:path';

/** The data file's name without its folder and extension: `runs/trial.jsonl` → `trial`. */
function dataName(data: string): string {
  return path.basename(data, path.extname(data));
}

/**
 * `sumlens-<data>-<method>.jsonl` in `folder`: `eval --data` writes it in the working folder,
 * the agent tools beside the data.
 */
export function defaultDataRunFile(data: string, method: string, folder = ''): string {
  return path.join(folder, `sumlens-${dataName(data)}-${method}.jsonl`);
}

/** The editor's `<data>-<method>.jsonl`, in the workspace's `.sumlens/runs/`. */
export function workspaceRunFileName(data: string, method: string): string {
  return `${dataName(data)}-${method}.jsonl`;
}

/** `bench-<dataset>[-<subset>]-<method>.jsonl` in the working folder. */
export function defaultBenchRunFile(dataset: string, subset: string | undefined, method: string): string {
  const name = [path.basename(dataset).replace(/\.jsonl?$/i, ''), ...(subset !== undefined ? [subset] : [])].join('-');
  return `bench-${name}-${method}.jsonl`;
}

/** A jury member's run file beside the jury's: `runs/main.jsonl` → `runs/main.mini.jsonl` (`jury` for the pooled one). */
export function judgeRunFile(out: string, judge: string): string {
  return out.replace(/(\.jsonl)?$/i, `.${judge}.jsonl`);
}
