/**
 * @module
 * The stages of a one-shot `npm run generate` (and --check): cold, except that definitions files
 * and spec documents unchanged since an earlier run come from the parse caches on disk
 * (yamlParseCache.ts, specParseCache.ts), kept in the repository's node_modules/.cache/.
 */
import { generatorCache } from '../cacheFolder.ts';
import { startBridgeFromSpecs } from '../ir/bridge/bridgeFromSpecs.ts';
import { buildProjectIR, coldStages, type PipelineStages } from '../pipeline.ts';
import { cachedSpecParse } from './specParseCache.ts';
import { projectYamlParseCache } from './yamlParseCache.ts';

export function oneShotStages(cacheRoot: string): PipelineStages {
  const cache = projectYamlParseCache(cacheRoot);
  const specs = generatorCache(cacheRoot, 'specs');
  if (!cache || !specs) return coldStages;
  const specParse = cachedSpecParse(specs);
  return {
    buildProjectIR: (paths) => {
      try {
        return buildProjectIR(paths, { parseYaml: cache.parse, startBridge: () => startBridgeFromSpecs(paths.specs, paths.root, undefined, specParse) });
      } finally {
        cache.save();
      }
    },
    emitAll: coldStages.emitAll,
  };
}
