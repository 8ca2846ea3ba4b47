/**
 * The operator's lead commands: `npm run leads -- <command>`.
 *   new-secret                 prints a new signing secret for BUYER_SECRET (Standard Webhooks, 32 random bytes)
 *   dead                       lists the dead-lettered deliveries
 *   redeliver <lead-id>...     routes each dead-lettered or unsold lead again, once (--all: every dead letter)
 *   held                       lists the leads held back from buyers, with the reason
 *   add-admin <email>          creates a console admin (password: ADMIN_PASSWORD in the environment, else stdin)
 *   funnel-rebuild             recomputes the funnel's rollups from the stored events and leads
 * The database commands read the settings as the server does (.env, DATABASE_URL or DATA_DIR). On the embedded
 * database they need the server stopped: it serves one process at a time (docs/delivery.md).
 */
import { createInterface } from 'node:readline';
import type { Config } from '../platform/config/settings.ts';
import { ConfigError, loadConfig, loadDotEnv } from '../platform/config/load.ts';
import { emailProblem, normalEmail, passwordProblem } from '../../contracts/accounts.ts';
import { createUser, hashPassword } from '../console/index.ts';
import {
  DataDirInUseError,
  DatabaseOpenError,
  migrate,
  openDatabase,
  type Database,
  type PgliteDatabase,
  type PostgresDatabase,
} from '../platform/db/index.ts';
import { openDeadLetters, type DeadLetter, type DeadLetters, type RedeliverResult } from '../buyers/index.ts';
import { newSigningSecret } from '../platform/webhook-signature.ts';
import { rebuildRollups } from '../funnel/index.ts';

const USAGE = `npm run leads -- <command>
  new-secret               print a new signing secret for BUYER_SECRET (docs/buyer-signatures.md)
  dead                     list the deliveries in the dead-letter queue (docs/delivery.md)
  redeliver <lead-id>...   route these dead-lettered or unsold leads again, once each
  redeliver --all          route every dead-lettered lead again, once each
  held                     list the leads held back from buyers (bot, repeat, opted out) (docs/runbook.md)
  add-admin <email>        create a console admin (/admin) with the password in ADMIN_PASSWORD, or else the
                           first line of stdin: at least 12 characters, not containing the email
  funnel-rebuild           recompute the console's funnel from the stored events and leads (docs/runbook.md)`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What redeliver prints for each lead, and whether the command fails because of it. */
const REDELIVERED: Record<RedeliverResult, { text: string; fails: boolean }> = {
  queued: { text: 'queued for delivery', fails: false },
  'delivered already': { text: 'delivered already: not sent again', fails: false },
  'queued already': { text: 'already queued for delivery: nothing added', fails: false },
  'not dead-lettered': { text: 'neither dead-lettered nor unsold: nothing queued', fails: false },
  'no such lead': { text: 'no such lead', fails: true },
};

function exit(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** Opens the database as the server would, or exits saying what to fix. */
async function withDatabase(
  run: (db: PgliteDatabase | PostgresDatabase, config: Config) => Promise<void>,
): Promise<void> {
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exit(error.message, 1);
    throw error;
  }
  let db;
  try {
    db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      exit(
        `The server (process ${error.pid}) is using the embedded database in DATA_DIR ${config.dataDir}, ` +
          'which serves one process at a time. Stop the server, run this command, then start the server again: ' +
          'it delivers what was queued. (With DATABASE_URL, this command runs while servers run.)',
        1,
      );
    }
    if (error instanceof DatabaseOpenError) exit(error.message, 1);
    throw error;
  }
  try {
    await run(db, config);
  } finally {
    await db.close();
  }
}

/** Opens the database and the dead-letter queue as the server would, or exits saying what to fix. */
function withDeadLetters(run: (deadLetters: DeadLetters) => Promise<void>): Promise<void> {
  return withDatabase(async (db, config) => {
    const connection =
      db.kind === 'pglite' ? { pglite: db.pglite } : { connectionString: config.databaseUrl as string };
    const deadLetters = await openDeadLetters({ db, connection });
    try {
      await run(deadLetters);
    } finally {
      await deadLetters.close();
    }
  });
}

/** What each reason of `held` means, for the operator. */
const HELD_REASONS: Readonly<Record<string, string>> = {
  honeypot: 'a bot (the hidden field was filled)',
  duplicate: 'a repeat of an email and phone within a day',
  'opted-out': 'its email or phone opted out ("Do Not Sell")',
  operator: 'an operator held it in the console',
};

async function listHeld(db: Database): Promise<void> {
  const { rows } = await db.query<{ id: string; received_at: Date; held: string }>(
    'select id, received_at, held from leads where held is not null order by received_at',
  );
  if (rows.length === 0) {
    process.stdout.write('No leads are held back.\n');
    return;
  }
  const count = rows.length === 1 ? '1 lead is' : `${rows.length} leads are`;
  process.stdout.write(`${count} held back from buyers (lead id, received: why):\n`);
  for (const row of rows) {
    process.stdout.write(`${row.id}  ${row.received_at.toISOString()}: ${HELD_REASONS[row.held] ?? row.held}\n`);
  }
}

function describeDeadLetter(letter: DeadLetter): string {
  const attempts = `${letter.attempts} attempt${letter.attempts === 1 ? '' : 's'}`;
  const last = letter.lastAttemptAt === null ? 'never attempted' : `last ${letter.lastAttemptAt.toISOString()}`;
  return `${letter.leadId}  ${attempts}, ${last}: ${letter.lastError ?? '-'}`;
}

async function listDead(deadLetters: DeadLetters): Promise<void> {
  const letters = await deadLetters.list();
  if (letters.length === 0) {
    process.stdout.write('No deliveries in the dead-letter queue.\n');
    return;
  }
  const count = letters.length === 1 ? '1 delivery' : `${letters.length} deliveries`;
  process.stdout.write(`${count} in the dead-letter queue (lead id, attempts, last attempt: its error):\n`);
  for (const letter of letters) process.stdout.write(`${describeDeadLetter(letter)}\n`);
}

async function redeliver(deadLetters: DeadLetters, leadIds: readonly string[] | 'all'): Promise<void> {
  const ids = leadIds === 'all' ? (await deadLetters.list()).map((letter) => letter.leadId) : leadIds;
  if (ids.length === 0) process.stdout.write('No deliveries in the dead-letter queue.\n');
  let failed = false;
  for (const leadId of ids) {
    const result = REDELIVERED[await deadLetters.redeliver(leadId)];
    process.stdout.write(`${leadId}: ${result.text}\n`);
    failed ||= result.fails;
  }
  if (failed) process.exitCode = 1;
}

/** The first line of stdin: piped in, or typed (it shows as it is typed). */
async function passwordLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (at least 12 characters; it shows as you type): ');
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function addAdmin(email: string | undefined): Promise<void> {
  if (email === undefined) exit(`add-admin needs the admin's email.\n${USAGE}`, 2);
  const address = normalEmail(email);
  const wrongEmail = emailProblem(address);
  if (wrongEmail !== undefined) exit(`The email ${wrongEmail}.`, 2);
  // This command's input, not the server's first-admin setting: the settings check must not see it without ADMIN_EMAIL.
  const fromEnvironment = process.env.ADMIN_PASSWORD;
  delete process.env.ADMIN_PASSWORD;
  const password = fromEnvironment ?? (await passwordLine());
  const wrongPassword = passwordProblem(password, address);
  if (wrongPassword !== undefined) exit(`The password ${wrongPassword}.`, 2);
  const passwordHash = await hashPassword(password);
  let created = false;
  await withDatabase(async (db) => {
    // A fresh install may make its admin before the server first starts: the tables are made as the server makes them.
    await migrate(db);
    created = (await createUser(db, address, 'admin', passwordHash)) !== undefined;
  });
  if (!created) exit(`${address} has a console user already: an admin can change its role in the console.`, 1);
  process.stdout.write(`Created the console admin ${address}: sign in at /admin.\n`);
}

async function rebuildFunnel(db: Database): Promise<void> {
  // The tables are made as the server makes them, so a rebuild right after an upgrade fills the new ones.
  await migrate(db);
  const started = Date.now();
  const { visits } = await rebuildRollups(db);
  process.stdout.write(`Rebuilt the funnel from ${visits} visits in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}

const [command, ...args] = process.argv.slice(2);
switch (command) {
  case 'new-secret':
    process.stdout.write(`${newSigningSecret()}\n`);
    break;
  case 'dead':
    await withDeadLetters(listDead);
    break;
  case 'held':
    await withDatabase(listHeld);
    break;
  case 'funnel-rebuild':
    await withDatabase(rebuildFunnel);
    break;
  case 'redeliver': {
    const all = args.includes('--all');
    const leadIds = args.filter((arg) => arg !== '--all');
    if (all === leadIds.length > 0) exit(`redeliver needs lead ids or --all (not both).\n${USAGE}`, 2);
    const bad = leadIds.filter((id) => !UUID.test(id));
    if (bad.length > 0) {
      const named = bad.map((id) => JSON.stringify(id)).join(', ');
      exit(`Lead ids are UUIDs: ${named} ${bad.length === 1 ? 'is not one' : 'are not'}.`, 2);
    }
    await withDeadLetters((deadLetters) => redeliver(deadLetters, all ? 'all' : leadIds));
    break;
  }
  case 'add-admin':
    await addAdmin(args[0]);
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
