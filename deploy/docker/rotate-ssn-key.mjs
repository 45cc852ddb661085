// Re-encrypts the lead SSNs kept by crm from the old CRM_SSN_KEY to a new one (README "Operating it").
// Stop crm and its workers first, so that nothing writes with the old key meanwhile. Then, in the crm image:
//
//   docker compose run --rm --no-deps -v ./deploy/docker/rotate-ssn-key.mjs:/app/rotate-ssn-key.mjs:ro \
//     -e CRM_SSN_KEY_OLD='<old key>' -e CRM_SSN_KEY='<new key>' crm node rotate-ssn-key.mjs
//
// Reads DATABASE_URL (crm's database), CRM_SSN_KEY_OLD and CRM_SSN_KEY. Uses crm's own cipher and token
// prefix (its compiled code under services/crm/dist), so the format is always the service's. Covers the
// SSNs of the leads and the SSN tokens of rows that failed an import. Idempotent: a value already sealed
// with the new key is left alone, so an interrupted run is simply run again. Exit code 1 if a value opens
// with neither key (they are listed).
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const { Client } = require('pg');
const CRM_DIST = resolve(process.env.CRM_DIST ?? 'services/crm/dist');
const { SsnCipher, loadSsnKey } = require(join(CRM_DIST, 'security/ssn-cipher.js'));
const { SSN_TOKEN_PREFIX: TOKEN } = require(join(CRM_DIST, 'import/lead-row.policy.js'));

const BATCH = 2000;

function cipherFrom(variable) {
  if (!process.env[variable]) throw new Error(`${variable} is not set`);
  return new SsnCipher(loadSsnKey({ CRM_SSN_KEY: process.env[variable], NODE_ENV: 'production' }));
}

const oldCipher = cipherFrom('CRM_SSN_KEY_OLD');
const newCipher = cipherFrom('CRM_SSN_KEY');
const counts = { reencrypted: 0, alreadyNew: 0 };
const unreadable = [];

/** The value sealed with the new key, or undefined when it already is (or opens with neither key). */
function reseal(sealed, where) {
  if (newCipher.decrypt(sealed) !== undefined) {
    counts.alreadyNew++;
    return undefined;
  }
  const ssn = oldCipher.decrypt(sealed);
  if (ssn === undefined) {
    unreadable.push(where);
    return undefined;
  }
  counts.reencrypted++;
  return newCipher.encrypt(ssn);
}

const client = new Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
try {
  // Leads, by id, one transaction per batch.
  for (let after = 0; ;) {
    const { rows } = await client.query(
      'select id, ssn_encrypted from leads where ssn_encrypted is not null and id > $1 order by id limit $2',
      [after, BATCH],
    );
    if (!rows.length) break;
    after = rows.at(-1).id;
    const ids = [];
    const values = [];
    for (const row of rows) {
      const resealed = reseal(row.ssn_encrypted, `lead ${row.id}`);
      if (resealed) {
        ids.push(row.id);
        values.push(resealed);
      }
    }
    if (ids.length) {
      await client.query('begin');
      await client.query('update leads set ssn_encrypted = v.ssn from unnest($1::int[], $2::text[]) as v(id, ssn) where leads.id = v.id', [
        ids,
        values,
      ]);
      await client.query('commit');
    }
  }
  // Rows that failed an import keep their cells; an SSN there is a token (enc:<sealed>).
  const { rows } = await client.query(`select upload_id, row_number, cells from lead_import_errors where strpos(cells::text, $1) > 0`, [
    `"${TOKEN}`,
  ]);
  for (const row of rows) {
    let changed = false;
    const walk = (value) => {
      if (typeof value === 'string' && value.startsWith(TOKEN)) {
        const resealed = reseal(value.slice(TOKEN.length), `failed row ${row.row_number} of upload ${row.upload_id}`);
        if (!resealed) return value;
        changed = true;
        return TOKEN + resealed;
      }
      if (Array.isArray(value)) return value.map(walk);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
      return value;
    };
    const cells = walk(row.cells);
    if (changed) {
      await client.query('update lead_import_errors set cells = $3 where upload_id = $1 and row_number = $2', [
        row.upload_id,
        row.row_number,
        JSON.stringify(cells),
      ]);
    }
  }
} finally {
  await client.end();
}

console.log(`re-encrypted ${counts.reencrypted}, already on the new key ${counts.alreadyNew}, unreadable ${unreadable.length}`);
if (unreadable.length) {
  console.error(`opened with neither key:\n  ${unreadable.slice(0, 50).join('\n  ')}${unreadable.length > 50 ? '\n  ...' : ''}`);
  process.exit(1);
}
