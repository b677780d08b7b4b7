// An S3 stand-in (s3rver) on a free loopback port, with one bucket, its objects in a temporary folder. Used by the
// storage tests, the cluster and the benchmarks; `node scripts/s3-server.mjs` runs one until Ctrl-C.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export async function startS3(options = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-s3-'));
  const bucket = options.bucket ?? 'agency-files';
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    port: address.port,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s3 = await startS3({ port: Number(process.env.PORT ?? 0) });
  console.log(`S3 stand-in at ${s3.endpoint}, bucket ${s3.bucket}`);
  for (const [k, v] of Object.entries(s3.env)) console.log(`  ${k}=${v}`);
  process.on('SIGINT', () => void s3.stop().then(() => process.exit(0)));
  process.on('SIGTERM', () => void s3.stop().then(() => process.exit(0)));
}
