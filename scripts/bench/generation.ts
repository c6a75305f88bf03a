/**
 * @module
 * The generator's figures: `npm run generate` on the repository and on the realistic synthetic
 * set of NetBox's size (scripts/syntheticDefinitions.ts), `tsc --noEmit` over the runtime with
 * the synthetic set's generated/ in place, and the size of generated/.
 */
import { cpSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { syntheticProject } from '../syntheticDefinitions.ts';
import { timeNode } from './timing.ts';

export interface GenerationFigures {
  nodeMs: number;
  repositoryGenerateMs: number;
  syntheticResources: number;
  syntheticGenerateMs: number;
  syntheticTscMs: number;
  repositoryGeneratedBytes: number;
  syntheticGeneratedBytes: number;
  syntheticOpenApiBytes: number;
}

function bytesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name);
    return sum + (entry.isDirectory() ? bytesUnder(path) : statSync(path).size);
  }, 0);
}

export function measureGeneration(root: string, resources = 165): GenerationFigures {
  const generator = join(root, 'generator', 'cli.ts');
  const nodeMs = timeNode(['-e', '0'], root);
  const repositoryGenerateMs = timeNode(['--import', 'tsx', generator, '--check'], root);
  const synthetic = syntheticProject(root, resources);
  try {
    const syntheticGenerateMs = timeNode(['--import', 'tsx', generator, '--root', synthetic.dir], root);
    // tsc needs the hand-written code beside the synthetic generated/, as in the repository.
    for (const part of ['runtime', 'generator', 'scripts', 'tsconfig.json', 'package.json']) cpSync(join(root, part), join(synthetic.dir, part), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(synthetic.dir, 'node_modules'));
    const syntheticTscMs = timeNode([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', synthetic.dir], root, 1);
    return {
      nodeMs,
      repositoryGenerateMs,
      syntheticResources: synthetic.resources,
      syntheticGenerateMs,
      syntheticTscMs,
      repositoryGeneratedBytes: bytesUnder(join(root, 'generated')),
      syntheticGeneratedBytes: bytesUnder(join(synthetic.dir, 'generated')),
      syntheticOpenApiBytes: statSync(join(synthetic.dir, 'generated', 'inventory', 'openapi.json')).size,
    };
  } finally {
    rmSync(synthetic.dir, { recursive: true, force: true });
  }
}
