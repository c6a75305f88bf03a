/**
 * @module
 * The facts check (`npm run facts`, scripts/facts/) restricted to response fields and brief sets
 * against NetBox 4.6's serializers: kept because the README's "Behaviour and choices" names this
 * script for the fields of models not served yet. `--check` is accepted and changes nothing: any
 * difference the allow-list does not accept exits 1.
 *
 *   node --import tsx scripts/fieldFacts.ts [<app>.<resource> …]
 */
import { main } from './facts/cli.ts';

process.exitCode = main(['--aspects=field,brief', ...process.argv.slice(2).filter((arg) => arg !== '--check')]);
