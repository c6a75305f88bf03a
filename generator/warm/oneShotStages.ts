/**
 * @module
 * The stages of a one-shot `npm run generate` (and --check): cold, except that definitions files
 * unchanged since an earlier run come from the parse cache on disk (yamlParseCache.ts).
 */
import { buildProjectIR, coldLoaders, coldStages, type PipelineStages } from '../pipeline.ts';
import { projectYamlParseCache } from './yamlParseCache.ts';

export function oneShotStages(cacheRoot: string): PipelineStages {
  const cache = projectYamlParseCache(cacheRoot);
  if (!cache) return coldStages;
  return {
    buildProjectIR: (paths) => {
      try {
        return buildProjectIR(paths, { ...coldLoaders, parseYaml: cache.parse });
      } finally {
        cache.save();
      }
    },
    emitAll: coldStages.emitAll,
  };
}
