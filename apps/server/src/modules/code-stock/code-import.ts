// Reads a pasted list or a CSV file's content into codes: one a line, then optionally its PIN or serial and its expiry
// (YYYY-MM-DD), separated by comma, semicolon or tab; quoted cells as CSV writes them. Pure: no database, no keys.
import { CODE_LIMITS, type CodeImportProblem } from '@topup/contract/code-stock';

export type ImportedCode = { line: number; code: string; pin: string | null; expiresOn: string | null };
export type ImportProblem = { line: number; problem: CodeImportProblem };

/** Splits one line into cells: the first separator outside quotes decides which one the line uses. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  let separator: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if ((separator === null && (ch === ',' || ch === ';' || ch === '\t')) || ch === separator) {
      separator = ch;
      out.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  out.push(cell.trim());
  return out;
}

/** YYYY-MM-DD (or with slashes or dots) of a real date; null when unreadable. */
export function readExpiry(text: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

/** Codes to add and the lines left out; `today` (YYYY-MM-DD, shop day) refuses codes already past their expiry. */
export function readCodes(text: string, today: string): { codes: ImportedCode[]; problems: ImportProblem[] } {
  const codes: ImportedCode[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const [code = '', pinCell = '', expiryCell = ''] = cells(raw);
    if (index === 0 && code.toLowerCase() === 'code') return; // a header row
    if (code === '') return void problems.push({ line, problem: 'empty' });
    if (code.length > CODE_LIMITS.code || pinCell.length > CODE_LIMITS.pin) return void problems.push({ line, problem: 'tooLong' });
    let expiresOn: string | null = null;
    if (expiryCell !== '') {
      expiresOn = readExpiry(expiryCell);
      if (!expiresOn) return void problems.push({ line, problem: 'badExpiry' });
      if (expiresOn < today) return void problems.push({ line, problem: 'expired' });
    }
    if (seen.has(code)) return void problems.push({ line, problem: 'duplicate' });
    seen.add(code);
    codes.push({ line, code, pin: pinCell === '' ? null : pinCell, expiresOn });
  });
  return { codes, problems };
}
