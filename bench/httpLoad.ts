/**
 * HTTP load generator run as a separate process, so request sending and response reading
 * do not share an event loop with the server being measured. It uses node:http with one
 * kept-alive connection per concurrent caller: fetch (undici) spends several times more CPU per
 * call on the client side, and on a small machine the client shares the cores with the server.
 * argv: <baseUrl> <token> <file with one path per line> <concurrency>; prints latencies as JSON.
 */
import fs from 'node:fs';
import http from 'node:http';

function get(agent: http.Agent, url: URL, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  const [baseUrl, token, file, concurrencyArg] = process.argv.slice(2);
  const paths = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const concurrency = Number(concurrencyArg);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < paths.length; i = next++) {
      const t0 = process.hrtime.bigint();
      const status = await get(agent, new URL(paths[i], baseUrl), token);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  process.stdout.write(JSON.stringify({ times, seconds, statuses }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
