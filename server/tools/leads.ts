/**
 * The operator's lead commands: `npm run leads -- <command>`.
 *   new-secret   prints a new signing secret for LEAD_FORWARD_SECRET (Standard Webhooks, 32 random bytes)
 */
import { newSigningSecret } from '../delivery/webhook-signature.ts';

const USAGE = `npm run leads -- <command>
  new-secret   print a new signing secret for LEAD_FORWARD_SECRET (docs/lender-signatures.md)`;

const [command] = process.argv.slice(2);
switch (command) {
  case 'new-secret':
    process.stdout.write(`${newSigningSecret()}\n`);
    break;
  case undefined:
  case '-h':
  case '--help':
    process.stdout.write(`${USAGE}\n`);
    break;
  default:
    process.stderr.write(`Unknown command "${command}".\n${USAGE}\n`);
    process.exit(2);
}
