// Generated lead spreadsheets for the lead benchmarks: the template's ten columns, varied names and
// unique phones, emails and SSNs, written with exceljs's streaming writer into the temp directory
// (reused by later runs, never committed).
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

export const SHEET_DIR = join(tmpdir(), 'backoffice-bench');
const VERSION = 'v1';

export const HEADERS = ['SSN', 'First Name', 'Last Name', 'Work At', 'Gender', 'Current City', 'DOB', 'Email', 'Phone', 'Notes'];

const FIRST = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah ' +
  'Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily ' +
  'Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald Stephanie Edward ' +
  'Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda ' +
  'Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank ' +
  'Rachel Patrick Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia'
).split(' ');
const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor ' +
  'Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott ' +
  'Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz ' +
  'Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed ' +
  'Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo ' +
  'Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales ' +
  'Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant ' +
  'Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington ' +
  'Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw ' +
  'Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice ' +
  'Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce ' +
  'Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray ' +
  'Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval Whitfield'
).split(' ');
const COMPANIES = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark Industries',
  'Wayne Enterprises',
  'Vandelay',
  'Soylent',
  'Tyrell',
];
const CITIES = [
  'Springfield',
  'New York',
  'Los Angeles',
  'Chicago',
  'Houston',
  'Phoenix',
  'Philadelphia',
  'San Antonio',
  'San Diego',
  'Dallas',
];
const DOMAINS = ['example.com', 'mail.test', 'bulk.test', 'leads.test'];

/** A small deterministic generator, so every run sees the same sheet. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Row i of a sheet whose unique values start at `base` (sheets with different bases share no phone, email or SSN). */
export function leadRow(i, base, next) {
  const first = FIRST[Math.floor(next() * FIRST.length)];
  const last = LAST[Math.floor(next() * LAST.length)];
  const n = base + i;
  return [
    String(100_000_000 + n).padStart(9, '0'),
    first,
    last,
    COMPANIES[n % COMPANIES.length],
    n % 2 ? 'Male' : 'Female',
    CITIES[Math.floor(next() * CITIES.length)],
    18_000 + Math.floor(next() * 20_000),
    `${first}.${last}${n}@${DOMAINS[n % DOMAINS.length]}`.toLowerCase(),
    `+1 555 ${String(n).padStart(7, '0')}`,
    n % 10 === 0 ? `Called on ${1 + (n % 28)} March, asked for a quote` : '',
  ];
}

/**
 * The path of a generated sheet of `rows` leads (made once, then reused from the temp directory).
 * `base` offsets its unique values.
 */
export async function leadSheet(rows, base, log = () => undefined) {
  mkdirSync(SHEET_DIR, { recursive: true });
  const path = join(SHEET_DIR, `leads-${VERSION}-${rows}-${base}.xlsx`);
  if (existsSync(path)) return path;
  const partial = `${path}.${process.pid}.partial`;
  const started = Date.now();
  log(`generating ${rows.toLocaleString('en-US')} rows into ${path}`);
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('Leads');
    sheet.addRow(HEADERS).commit();
    const next = random(base + rows);
    for (let i = 0; i < rows; i++) {
      sheet.addRow(leadRow(i, base, next)).commit();
      // Let the file stream drain now and then, so the rows do not pile up in memory.
      if (i % 10_000 === 9_999) await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  log(`generated ${(statSync(path).size / 2 ** 20).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return path;
}
