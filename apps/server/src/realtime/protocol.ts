// The SignalR JSON hub protocol as far as this server speaks it: records ended by 0x1E, the handshake,
// and the message types (see HubProtocol.md in dotnet/aspnetcore). Text transfer format only.

export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export type HubMessage = { type: number; invocationId?: unknown; target?: unknown; [key: string]: unknown };

/** One record on the wire: the JSON text followed by the record separator. */
export const toRecord = (message: object): string => JSON.stringify(message) + RECORD_SEPARATOR;

export const PING_RECORD = toRecord({ type: MessageType.Ping });
export const HANDSHAKE_OK_RECORD = toRecord({});

/** A server → client call of a client method, fire-and-forget (no invocationId, so no answer). */
export const invocationRecord = (target: string, args: unknown[]): string =>
  toRecord({ type: MessageType.Invocation, target, arguments: args });

export const closeRecord = (error: string | undefined, allowReconnect: boolean): string =>
  toRecord({ type: MessageType.Close, ...(error ? { error } : {}), allowReconnect });

export const completionErrorRecord = (invocationId: string, error: string): string =>
  toRecord({ type: MessageType.Completion, invocationId, error });

/**
 * Splits buffered text into complete records; what follows the last separator stays buffered.
 * A single JSON record never contains 0x1E raw (JSON escapes control characters), so splitting is safe.
 */
export function splitRecords(buffered: string): { records: string[]; rest: string } {
  const parts = buffered.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts.filter((p) => p.length > 0), rest };
}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

/** The client's first record must ask for the JSON protocol, version 1. */
export function checkHandshake(text: string): HandshakeResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Handshake was not valid JSON.' };
  }
  const h = parsed as { protocol?: unknown; version?: unknown };
  if (typeof h !== 'object' || h === null || typeof h.protocol !== 'string') {
    return { ok: false, error: 'Handshake request is missing the protocol.' };
  }
  if (h.protocol !== 'json') return { ok: false, error: `Requested protocol '${h.protocol}' is not available.` };
  if (h.version !== 1) return { ok: false, error: `Requested protocol version '${String(h.version)}' is not supported.` };
  return { ok: true };
}

/** Parses one hub message; null when it is not a JSON object with a numeric type. */
export function parseMessage(text: string): HubMessage | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const type = (parsed as { type?: unknown }).type;
    return typeof type === 'number' ? (parsed as HubMessage) : null;
  } catch {
    return null;
  }
}
