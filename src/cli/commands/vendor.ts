/** `wsdlc vendor <url> -o <dir>`: download a remote contract and its imports into a folder, with a lock file. */
import type { Command } from 'commander';
import { usage } from '../../config/options.js';
import { addCommonFlags, type CommonFlags, verbosityOf } from '../flags.js';
import { CliLog } from '../log.js';
import type { CommandContext } from './context.js';

interface VendorFlags extends CommonFlags {
  readonly output?: string;
  readonly check?: boolean;
  readonly maxDocuments?: string;
  readonly maxBytes?: string;
  readonly maxTotalBytes?: string;
  readonly lenient?: boolean;
}

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) usage(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

/** Registers `vendor`. */
export function registerVendor(program: Command, ctx: CommandContext): void {
  const cmd = program
    .command('vendor')
    .description('download a WSDL and everything it imports into a folder, for offline, reproducible builds')
    .argument('<url>', 'the WSDL http(s) URL')
    .option('-o, --output <dir>', 'the folder to write (required)')
    .option('--check', 'only report what changed upstream since the lock file; write nothing (exit 1 on changes)')
    .option('--max-documents <n>', 'most documents to fetch (default 200)')
    .option('--max-bytes <n>', 'largest document in bytes (default 16777216)')
    .option('--max-total-bytes <n>', 'most bytes in all (default 134217728)')
    .option(
      '--lenient',
      'read unbound conventional prefixes (xsd:, soap:) and location= written for schemaLocation= as generate --lenient does, each a warning (the files are written as fetched)',
    );
  addCommonFlags(cmd).addHelpText(
    'after',
    `
Writes each document as a file of the folder, with wsdl:import and xsd:import/include/redefine
locations rewritten to those files, and wsdlc-vendor.lock.json with each source URL and the
SHA-256 of what was fetched. Run it again to update; it lists what changed upstream.

Examples:
  $ wsdlc vendor https://example.com/Service.svc?wsdl -o wsdl/service
  $ wsdlc generate wsdl/service/Service.svc.wsdl -o generated/service
  $ wsdlc vendor https://example.com/Service.svc?wsdl -o wsdl/service --check   # CI: has upstream changed?

Exit codes: 0 done (or nothing changed with --check), 1 fetch or contract problem (or changes with --check), 2 usage error.`,
  );
  cmd.action(async (url: string, flags: VendorFlags) => {
    if (flags.output === undefined) usage('vendor needs an output folder (-o <dir>)');
    if (flags.output.startsWith('-')) usage(`option -o, --output needs a value, got the flag "${flags.output}"`);
    const log = new CliLog(ctx.io, verbosityOf(flags));
    const maxDocuments = positive('--max-documents', flags.maxDocuments);
    const maxBytes = positive('--max-bytes', flags.maxBytes);
    const maxTotalBytes = positive('--max-total-bytes', flags.maxTotalBytes);
    const { vendor } = await import('../../vendor/index.js');
    const result = await vendor({
      url,
      output: flags.output,
      cwd: ctx.io.cwd,
      check: flags.check === true,
      ...(maxDocuments !== undefined ? { maxDocuments } : {}),
      ...(maxBytes !== undefined ? { maxBytes } : {}),
      ...(maxTotalBytes !== undefined ? { maxTotalBytes } : {}),
      ...(flags.lenient === true ? { lenient: true } : {}),
    });
    for (const w of result.warnings) log.diagnostic(w);
    const changed = result.changes.filter((c) => c.kind !== 'unchanged');
    for (const c of result.changes) {
      const line = `  ${c.kind.padEnd(9)} ${flags.output}/${c.file}  <- ${c.url}`;
      if (c.kind === 'unchanged') log.detail(line);
      else log.result(line);
    }
    const counts = ['added', 'changed', 'removed', 'unchanged']
      .map((k) => `${result.changes.filter((c) => c.kind === k).length} ${k}`)
      .join(', ');
    log.info(
      `${flags.output}: ${result.lock.documents.length} document(s), main ${result.lock.main}; ${counts}${result.written ? '' : ' (check only, nothing written)'}`,
    );
    ctx.exitCode = flags.check && changed.length > 0 ? 1 : 0;
  });
}
