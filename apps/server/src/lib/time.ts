// Times are stored and sent as ISO-8601 UTC text, which sorts correctly on both databases.
export const nowIso = (): string => new Date().toISOString();
export const isoAfter = (ms: number, from = Date.now()): string => new Date(from + ms).toISOString();
