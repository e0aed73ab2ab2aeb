// npm run backup [-- DIR]: a consistent snapshot of the database and the uploaded files in one dated archive under
// DATA_DIR/backups (or DIR), while the shop keeps serving. Reads .env like the server.
import { existsSync } from 'node:fs';
import { backup } from './backup-lib.mjs';

if (existsSync('.env')) process.loadEnvFile('.env');
backup({ outDir: process.argv[2] }).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
