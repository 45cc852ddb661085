// The insert stage of the lead import against its anchor, in a process of its own:
// node insert-stage.child.mjs <crm database url> <sheet> <batch rows>
// Reads the sheet with the product's reader and row policy (not timed), then, batch by batch, times
// (a) a plain batched COPY of the same rows into a bare table shaped like a lead partition (the anchor),
// (b) a plain COPY of the batch's duplicate keys into the unique key index (the floor of any duplicate
// detection against every earlier lead), (d) the same COPY as (a) into a table with the loading table's own
// indexes (what any writer of a loading table pays, see parentIndexes), and (c) the product's LeadBatchWriter writing the batch into
// a loading table of a scratch group (keys claimed, SSNs encrypted, the table's indexes kept up,
// counters updated, one transaction per batch). They alternate batch by batch, so all see the same
// machine. Everything it made is removed at the end. Prints {rows, copyMs, keysMs, indexedCopyMs, writerMs, sealMs}
// as JSON (sealMs: the part of writerMs spent encrypting SSNs).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const crm = (path) => require(join(ROOT, 'services/crm/dist', path));
const { Client } = require('pg');
const { from: copyFrom } = require('pg-copy-streams');
const { readLeadSheet } = crm('import/lead-sheet.reader.js');
const { readLeadRow } = crm('import/lead-row.policy.js');
const { LeadBatchWriter, LeadBlock } = crm('import/lead-batch.writer.js');
const { copyLine } = crm('import/copy-text.policy.js');
const { SsnCipher } = crm('security/ssn-cipher.js');
const { parentIndexes } = crm('groups/group-partitions.js');

const [databaseUrl, sheetPath, batchRowsText] = process.argv.slice(2);
const batchRows = Number(batchRowsText);

const COLUMNS =
  'group_id, seq, row_number, first_name, last_name, work_at, gender, current_city, dob, email, email_key, phone, phone_key, ssn_encrypted, ssn_last4, notes, duplicate';

const client = new Client({ connectionString: databaseUrl, application_name: 'bench-insert-stage' });
await client.connect();
const cipher = new SsnCipher(randomBytes(32));
const { rows: made } = await client.query(
  `insert into lead_groups (name, status) values ('bench insert stage ' || $1, 'importing') returning id`,
  [Date.now().toString(36)],
);
const groupId = made[0].id;
const partition = `leads_p${groupId}`;
const anchor = `bench_copy_${groupId}`;
const indexed = `bench_indexed_${groupId}`;
// The loading table as GroupPartitions.create makes it: the parent's indexes, kept up while loading.
await client.query(`create table ${partition} (like leads including defaults including generated)`);
for (const sql of parentIndexes(groupId)) await client.query(sql);
await client.query(`create table ${anchor} (like leads including defaults including generated)`);
await client.query(`create table ${indexed} (like leads including defaults including generated)`);
for (const sql of parentIndexes(groupId)) await client.query(sql.replaceAll(partition, indexed));

const copy = (sql, text) =>
  new Promise((resolve, reject) => {
    const stream = client.query(copyFrom(sql));
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(text);
  });

let sealMs = 0;
// The writer's own encryption of the SSNs (in the product, the job's main thread does it), timed apart.
const seal = async (ssns) => {
  const started = process.hrtime.bigint();
  const sealed = ssns.map((ssn) => cipher.encrypt(ssn));
  sealMs += Number(process.hrtime.bigint() - started) / 1e6;
  return sealed;
};
const writer = new LeadBatchWriter(
  client,
  { uploadId: 0, groupId, duplicateMode: 'flag' },
  cipher,
  { lastRow: 0, leadCount: 0, totalRows: 0, duplicates: 0, skippedDuplicates: 0, failedRows: 0 },
  seal,
);
let copyMs = 0;
let keysMs = 0;
let indexedCopyMs = 0;
let writerMs = 0;
let rows = 0;
let anchorSeq = 0;
const time = async (work) => {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
};

async function writeBoth(batch, lastRow) {
  let text = '';
  for (const { rowNumber, lead } of batch) {
    anchorSeq++;
    // The same values the writer stores, the SSN already sealed (the anchor only copies).
    text += copyLine([
      groupId,
      anchorSeq,
      rowNumber,
      lead.firstName,
      lead.lastName,
      lead.workAt,
      lead.gender,
      lead.currentCity,
      lead.dob,
      lead.email,
      lead.emailKey,
      lead.phone,
      lead.phoneKey,
      lead.ssn ? cipher.encrypt(lead.ssn) : null,
      lead.ssn ? lead.ssn.slice(-4) : null,
      lead.notes,
      false,
    ]);
  }
  copyMs += await time(async () => {
    await client.query('begin');
    await copy(`copy ${anchor} (${COLUMNS}) from stdin`, text);
    await client.query('commit');
  });
  indexedCopyMs += await time(async () => {
    await client.query('begin');
    await copy(`copy ${indexed} (${COLUMNS}) from stdin`, text);
    await client.query('commit');
  });
  // The floor of any duplicate detection against every earlier lead: the batch's keys copied into
  // the unique key index with no conflict handling at all (marked so they never meet the writer's).
  let keys = '';
  for (const { lead } of batch) {
    if (lead.phoneKey) keys += `x:p:${lead.phoneKey}\t${groupId}\n`;
    if (lead.emailKey) keys += `x:e:${lead.emailKey}\t${groupId}\n`;
  }
  keysMs += await time(async () => {
    await client.query('begin');
    await copy('copy lead_keys (key, group_id) from stdin', keys);
    await client.query('commit');
  });
  // The writer's input as the import thread builds it while reading (not timed: the anchor's text is not either).
  const block = new LeadBlock();
  for (const { rowNumber, lead } of batch) block.addLead(rowNumber, lead);
  writerMs += await time(() => writer.write(block, lastRow));
  rows += batch.length;
}

try {
  const sheet = readLeadSheet(sheetPath);
  const context = { date1904: false, today: new Date() };
  let batch = [];
  let lastRow = 0;
  for await (const { rowNumber, cells } of sheet.rows) {
    lastRow = rowNumber;
    const outcome = readLeadRow(cells, context);
    if (outcome.kind === 'lead') {
      // The sheet was just imported by the end-to-end run: keys of its own keep this run's leads new.
      const { lead } = outcome;
      if (lead.phoneKey) lead.phoneKey = `0${lead.phoneKey}`;
      if (lead.emailKey) lead.emailKey = `stage.${lead.emailKey}`;
      batch.push({ rowNumber, lead });
    } else if (outcome.kind === 'invalid') throw new Error(`row ${rowNumber} of the generated sheet is invalid: ${outcome.reason}`);
    if (batch.length >= batchRows) {
      await writeBoth(batch, lastRow);
      batch = [];
    }
  }
  if (batch.length) await writeBoth(batch, lastRow);
  process.stdout.write(JSON.stringify({ rows, copyMs, keysMs, indexedCopyMs, writerMs, sealMs }));
} finally {
  await client.query('rollback').catch(() => undefined);
  await client.query(`delete from lead_keys where group_id = $1`, [groupId]);
  await client.query(`drop table if exists ${partition}`);
  await client.query(`drop table if exists ${anchor}`);
  await client.query(`drop table if exists ${indexed}`);
  await client.query(`delete from lead_groups where id = $1`, [groupId]);
  await client.query('vacuum lead_keys'); // the next import meets a key index without this run's dead keys
  await client.end();
}
