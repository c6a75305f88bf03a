/**
 * @module
 * `npm run facts`: compares every served resource's definition with NetBox 4.6's facts —
 * fields, brief fields, required/read-only/nullable/blank, max length, choices, defaults, unique
 * constraints and their messages, on_delete, filters and their lookups, choice sets — prints the
 * verdict table on stdout, and exits 1 on a difference the allow-list (scripts/facts/allow-list.yaml)
 * does not accept with a reason. See scripts/facts/README.md.
 *
 *   npm run facts                          every served resource
 *   npm run facts -- dcim.devices …        only these (an unknown key is an error)
 *   npm run facts -- --verbose             also list the accepted differences and their reasons
 *   npm run facts -- --rules               also list the validation messages not recorded yet
 *   npm run facts -- --aspects=filter,lookups
 *   npm run facts -- --extract             rewrite netbox-4.6.json from the reference folder first
 *   npm run facts -- --reference DIR       the reference folder (or NETBOX_REFERENCE)
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFacts, type FactsOptions } from './run.ts';
import { ASPECTS, type Aspect } from './types.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Options from argv, or a usage error. */
export function parseArguments(argv: string[], env: NodeJS.ProcessEnv): FactsOptions | { error: string } {
  const options: FactsOptions = { root, only: [], extract: false, verbose: false, referenceEnv: env.NETBOX_REFERENCE || undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--extract') options.extract = true;
    else if (arg === '--verbose' || arg === '-v') options.verbose = true;
    else if (arg === '--rules') options.rules = true;
    else if (arg === '--reference' || arg.startsWith('--reference=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!value) return { error: '--reference needs a folder' };
      options.reference = value;
    } else if (arg.startsWith('--aspects=')) {
      const aspects = arg.slice('--aspects='.length).split(',').filter(Boolean);
      const wrong = aspects.filter((a) => !(ASPECTS as readonly string[]).includes(a));
      if (wrong.length) return { error: `unknown aspect ${wrong.join(', ')}: the aspects are ${ASPECTS.join(', ')}` };
      options.aspects = aspects as Aspect[];
    } else if (arg.startsWith('-')) return { error: `unknown option ${arg}` };
    else options.only.push(arg);
  }
  return options;
}

export function main(argv: string[], defaults: Partial<FactsOptions> = {}): number {
  const parsed = parseArguments(argv, process.env);
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error}\nusage: npm run facts -- [--verbose] [--rules] [--extract] [--reference DIR] [--aspects=a,b] [<app>.<resource> …]\n`);
    return 2;
  }
  let result;
  try {
    result = runFacts({ ...parsed, ...defaults, ...(parsed.aspects ? { aspects: parsed.aspects } : {}) });
  } catch (error) {
    // A broken supplement, allow-list or extract says what is wrong in a line (DEBUG=1 adds the stack).
    process.stderr.write(`${process.env.DEBUG ? (error as Error).stack : (error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(result.stdout);
  if (result.stderr.length) process.stderr.write(`${result.stderr.join('\n')}\n`);
  return result.status;
}

const invokedAs = process.argv[1] ? resolve(process.argv[1]) : '';
if (invokedAs === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
