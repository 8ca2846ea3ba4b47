/**
 * A CSV cell that a spreadsheet would read as a formula gets a leading quote (OWASP, CSV injection): every CSV the
 * server answers (the console's leads and funnel) writes its cells through this.
 */

/** Tab and carriage return too: spreadsheets skip them and read what follows as the cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralised(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
