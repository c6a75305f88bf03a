/**
 * @module
 * The spec fetcher's failure, in a file of its own so that the command line can tell it apart without
 * loading the fetcher (which only the `fetch` command and auto-fetch need).
 */
export class FetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchError';
  }
}
