// Writes public/sounds/notification.wav: the dashboard's short "new order" chime (two soft sine notes, ~0.4 s,
// 16-bit mono PCM at 22,050 Hz). Synthesised here so the app ships a sound of its own; rerun to regenerate:
//   node apps/web/scripts/make-notification-sound.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const RATE = 22_050;
/** Each note: frequency (Hz), start (s), length (s). A rising fifth, E6 then B6, overlapping a little. */
const NOTES = [
  { freq: 1318.5, start: 0, length: 0.22 },
  { freq: 1975.5, start: 0.13, length: 0.27 },
];
const TOTAL_SECONDS = 0.42;
const PEAK = 0.45; // of full scale: audible, never harsh

const samples = new Float64Array(Math.round(RATE * TOTAL_SECONDS));
for (const { freq, start, length } of NOTES) {
  const from = Math.round(start * RATE);
  const count = Math.round(length * RATE);
  for (let i = 0; i < count && from + i < samples.length; i++) {
    const t = i / RATE;
    // 5 ms attack, then an exponential decay: a bell-like ping without clicks.
    const envelope = Math.min(1, t / 0.005) * Math.exp((-5 * t) / length);
    // A quiet octave overtone gives the tone some body.
    const tone = Math.sin(2 * Math.PI * freq * t) + 0.25 * Math.sin(4 * Math.PI * freq * t);
    samples[from + i] += (envelope * tone) / 1.25;
  }
}

const dataBytes = samples.length * 2;
const wav = Buffer.alloc(44 + dataBytes);
wav.write('RIFF', 0, 'ascii');
wav.writeUInt32LE(36 + dataBytes, 4);
wav.write('WAVE', 8, 'ascii');
wav.write('fmt ', 12, 'ascii');
wav.writeUInt32LE(16, 16); // fmt chunk size
wav.writeUInt16LE(1, 20); // PCM
wav.writeUInt16LE(1, 22); // mono
wav.writeUInt32LE(RATE, 24);
wav.writeUInt32LE(RATE * 2, 28); // byte rate
wav.writeUInt16LE(2, 32); // block align
wav.writeUInt16LE(16, 34); // bits per sample
wav.write('data', 36, 'ascii');
wav.writeUInt32LE(dataBytes, 40);
for (let i = 0; i < samples.length; i++) {
  const s = Math.max(-1, Math.min(1, samples[i] * PEAK));
  wav.writeInt16LE(Math.round(s * 32767), 44 + i * 2);
}

const out = path.resolve(new URL('../public/sounds/notification.wav', import.meta.url).pathname);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, wav);
console.log(`wrote ${out} (${wav.length} bytes)`);
