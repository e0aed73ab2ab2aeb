// npm run restore -- FILE: unpacks a backup archive into an empty DATA_DIR (and, on PostgreSQL, an empty database).
import { existsSync } from 'node:fs';
import { restore } from './backup-lib.mjs';

if (existsSync('.env')) process.loadEnvFile('.env');
restore({ archive: process.argv[2] }).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
