/** An import that cannot succeed however often it is retried; the message is for the user. */
export class ImportFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFailure';
  }
}

/** Another run of the same job still holds the upload's import lock (e.g. its lock in Redis expired while Redis was away). */
export class ImportBusy extends Error {
  constructor(message = 'Another worker is importing this file right now.') {
    super(message);
    this.name = 'ImportBusy';
  }
}
