// Types of server-process.mjs for the TypeScript benches and the e2e helper that start the built server.
export const SERVER_NODE_FLAGS: string[];
export const SERVER_ENV_DEFAULTS: Record<string, string>;
export function serverEnv<T extends Record<string, string | undefined>>(env: T): T & Record<string, string>;
export function runServer(cwd?: string): void;
