/** Progress goes to stderr, so that stdout carries only the results table. */
export function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
