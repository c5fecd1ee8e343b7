/** A human-scored set named by an agent: one of the registry's names, found in the folders the user set (never a path). */
import * as z from 'zod';
import { datasetRegistry } from '../datasets/registry';

const names = datasetRegistry.map((entry) => entry.name) as [string, ...string[]];

export const datasetName = z.enum(names).describe('a human-scored set by name (list_datasets shows which are here)');
