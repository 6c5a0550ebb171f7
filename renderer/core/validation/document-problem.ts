/**
 * What is wrong with a document, wherever it was checked (the app, the console, the server): one shape,
 * so a problem found while typing and one found on publish are shown and located the same way.
 */
export interface DocumentProblem {
  /** JSON pointer inside the document (`''` for the whole document). */
  pointer: string;
  /** What is wrong and what to do. */
  message: string;
}
