// Shop days and clock times from UTC instants and back, across a zone's clock change and at Yangon's half hour.
import { describe, expect, it } from 'vitest';
import { addDays, formatZoned, zonedDate, zonedDayStart } from './time-zone.ts';

describe('time zones', () => {
  it('finds the instant a shop day begins', () => {
    expect(new Date(zonedDayStart('2025-03-10', 'Asia/Yangon')).toISOString()).toBe('2025-03-09T17:30:00.000Z');
    expect(new Date(zonedDayStart('2025-03-30', 'Europe/Berlin')).toISOString()).toBe('2025-03-29T23:00:00.000Z');
    // The day after the clock change begins at +02:00.
    expect(new Date(zonedDayStart('2025-03-31', 'Europe/Berlin')).toISOString()).toBe('2025-03-30T22:00:00.000Z');
    expect(new Date(zonedDayStart('2025-06-15', 'UTC')).toISOString()).toBe('2025-06-15T00:00:00.000Z');
  });

  it('names the shop day of an instant, and counts days', () => {
    expect(zonedDate(Date.parse('2025-03-09T17:29:59.999Z'), 'Asia/Yangon')).toBe('2025-03-09');
    expect(zonedDate(Date.parse('2025-03-09T17:30:00.000Z'), 'Asia/Yangon')).toBe('2025-03-10');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('formats times for a spreadsheet in the zone, on both sides of a clock change', () => {
    expect(formatZoned('2025-03-09T17:30:00.000Z', 'Asia/Yangon')).toBe('2025-03-10 00:00:00');
    expect(formatZoned('2025-03-30T00:59:59.999Z', 'Europe/Berlin')).toBe('2025-03-30 01:59:59');
    expect(formatZoned('2025-03-30T01:00:00.000Z', 'Europe/Berlin')).toBe('2025-03-30 03:00:00');
    expect(formatZoned('2025-10-26T00:59:59.000Z', 'Europe/Berlin')).toBe('2025-10-26 02:59:59');
    expect(formatZoned('2025-10-26T01:00:00.000Z', 'Europe/Berlin')).toBe('2025-10-26 02:00:00');
  });
});
