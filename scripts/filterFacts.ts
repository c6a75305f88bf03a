/**
 * @module
 * The facts check (`npm run facts`, scripts/facts/) restricted to filters against NetBox 4.6's
 * filtersets: kept because definitions/README.md ("Filters") names this script. A filter NetBox
 * has and a resource lacks is listed with the YAML to add under its `filters:`. `--check` is
 * accepted and changes nothing: any difference the allow-list does not accept exits 1.
 *
 *   node --import tsx scripts/filterFacts.ts [<app>.<resource> …]
 */
import { main } from './facts/cli.ts';

process.exitCode = main(['--aspects=filter,lookups,filter_choices', ...process.argv.slice(2).filter((arg) => arg !== '--check')]);
