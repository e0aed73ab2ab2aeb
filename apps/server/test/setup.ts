// Any console.error a test did not expect fails that test.
import { afterAll, afterEach, vi } from 'vitest';
import { closeSharedS3Peer } from './s3-peer.ts';

// The AWS SDK warns once per process that its releases from 2027 on need Node 22; the lockfile holds one that runs on
// Node 20 (the project's floor). Kept out of test output; the server itself still shows it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length) throw new Error(`unexpected console.error: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});

// The S3-compatible peer of TEST_STORAGE=s3 runs (test/s3-peer.ts), when this file started one.
afterAll(() => closeSharedS3Peer());
