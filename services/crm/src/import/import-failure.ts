/**
 * An import that cannot succeed however often it is retried. The message is for the user, in plain words;
 * `detail` is the technical cause (a parser's own error), for the log only.
 */
export class ImportFailure extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ImportFailure';
  }
}

/** What the user reads when the spreadsheet itself cannot be parsed (a damaged zip, broken XML inside it). */
export const UNREADABLE_SPREADSHEET =
  'This file is not a readable Excel spreadsheet: part of it is damaged. Open it in Excel, save it as an Excel Workbook (.xlsx) and upload it again.';

/** What the user reads when the import failed for a reason of ours (the database, the worker): the detail goes to the log. */
export const EXTRACTION_BROKE =
  'The extraction stopped because of a problem on our side. Extract the file again; if it keeps failing, tell your administrator.';

/** Another run of the same job still holds the upload's import lock (e.g. its lock in Redis expired while Redis was away). */
export class ImportBusy extends Error {
  constructor(message = 'Another worker is importing this file right now.') {
    super(message);
    this.name = 'ImportBusy';
  }
}
