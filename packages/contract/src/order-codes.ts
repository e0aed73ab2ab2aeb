// Order codes: what a buyer reads aloud or types on a phone to name their order. Eight characters from an alphabet
// without 0/O and 1/I (32 symbols, 40 random bits): short, unambiguous, and not derivable from any other code.
// A code names an order; it never opens one (the status page also needs the private token).

export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ORDER_CODE_LENGTH = 8;

const CODE_PATTERN = new RegExp(`^[${ORDER_CODE_ALPHABET}]{${ORDER_CODE_LENGTH}}$`);

/** Upper-cases and drops spaces and dashes, as people type and paste codes; answers null for anything else. */
export function normalizeOrderCode(input: string): string | null {
  const code = input.trim().toUpperCase().replace(/[\s-]/g, '');
  return CODE_PATTERN.test(code) ? code : null;
}
