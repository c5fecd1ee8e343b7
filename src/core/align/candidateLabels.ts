/** The candidates' names as people read them (the CLI's table, the editor's messages). */
import type { CandidateName } from './crossValidate';

export const CANDIDATE_LABELS: Record<CandidateName, string> = {
  examples: 'with scored examples',
  criteria: 'criteria rewritten',
  'criteria+examples': 'rewritten + examples',
  calibration: 'calibrated (isotonic)',
};
