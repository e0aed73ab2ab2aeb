// Reads the configuration, builds the app, prepares the database on first run, listens, and shuts down gracefully.
import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { firstRunBanner, prepareFirstRun } from './startup.ts';

async function main() {
  // A .env file in the working directory is read if present; real environment variables win over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (err) {
    // The storage probe's refusal (and any other set-up error) is a message for a person, not a stack trace.
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const firstRun = await prepareFirstRun(app);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${shown}:${config.port}`;
  const banner = firstRunBanner(firstRun, url);
  // stdout on purpose, not the logger: a person reads this once, right after the start.
  console.log(banner ?? `\nThe shop is running at ${url} (dashboard: ${url}/login).\n`);

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      // Fastify stops accepting, waits for open requests, then runs onClose (database, mailer, hub).
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
