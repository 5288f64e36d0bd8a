/**
 * HTTP load generator run as a separate process, so request sending and response reading
 * do not share an event loop with the server being measured.
 * argv: <baseUrl> <token> <file with one path per line> <concurrency>; prints latencies as JSON.
 */
import fs from 'node:fs';

async function main(): Promise<void> {
  const [baseUrl, token, file, concurrencyArg] = process.argv.slice(2);
  const paths = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const concurrency = Number(concurrencyArg);
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < paths.length; i = next++) {
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${baseUrl}${paths[i]}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  }));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(JSON.stringify({ times, seconds, statuses }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
