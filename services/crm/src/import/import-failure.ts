/** An import that cannot succeed however often it is retried; the message is for the user. */
export class ImportFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFailure';
  }
}
