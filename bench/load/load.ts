/**
 * `pnpm bench:load`: throughput of the sandbox on this machine, loopback only. The sandbox runs in its own process
 * (`packages/sandbox/src/main.ts`, as `pnpm sandbox` runs it) on PGlite in a temp folder and — when PostgreSQL's
 * binaries are installed — on a throwaway PostgreSQL cluster; this process is the client. Scenarios, each for a
 * bounded time: full e-mail sign-ins (create → inbox → signin) at concurrency 1 and 32, and GET /users with a token
 * at concurrency 32. Prints one table (ops/s and latency percentiles). A report, not a test: it never fails on a
 * target. Beside wall-clock figures it prints the CPU each operation cost the sandbox process, PostgreSQL's server
 * processes and this client (from /proc and process.cpuUsage), and the load average: on a machine shared with other
 * work, throughput is noisy, CPU per operation much less so. A second table gives each request of a sign-in its own
 * latency (a whole sign-in at concurrency 32 is three requests queued behind 31 others). Options: `--seconds N` (default 10 per scenario), `--storage
 * pglite|postgres|both` (default both), `--scenario signin|users|all` (default all), `--profile DIR` (the sandbox
 * writes a V8 CPU profile there), `--repeat N` (each storage's scenarios N times, at most 9; every figure is then the
 * median of the N runs), `--access-list N` (the project's access list holds N allowed addresses, at most 100,000, and
 * the bench's own e-mail domain: every sign-in and GET /users goes through the gate).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findPostgresBin, startPostgresCluster } from '../../packages/sandbox/src/test/postgresCluster.js';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, storage: { type: 'string', default: 'both' }, scenario: { type: 'string', default: 'all' }, profile: { type: 'string' }, repeat: { type: 'string', default: '1' }, 'access-list': { type: 'string', default: '0' } },
});
/** Allowed addresses put on the access list before the scenarios (`--access-list`). */
const ACCESS_LIST = Math.min(100_000, Math.max(0, Math.floor(Number(values['access-list'])) || 0));
/** Each storage's scenarios run this many times; the tables give each figure's median (the machine's speed wanders). */
const REPEAT = Math.min(9, Math.max(1, Math.floor(Number(values.repeat)) || 1));
const SECONDS = Math.min(120, Math.max(1, Number(values.seconds)));
const MAX_OPS = 200_000;
const ENV = 'bench-env';
const main = fileURLToPath(new URL('../../packages/sandbox/src/main.ts', import.meta.url));

interface Sandbox {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** CPU seconds (user + system) a process used so far, from /proc (0 where there is no /proc). */
function processCpuSeconds(pid: number, withExitedChildren = false): number {
  try {
    // Fields after the command name (which may hold spaces): utime is the 14th field, cutime the 16th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ').map(Number);
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
    return (utime + stime + (withExitedChildren ? cutime + cstime : 0)) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of a PostgreSQL server: the postmaster listening on `port`, its backends, and exited children. */
function postgresCpuSeconds(port: number): number {
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number);
  } catch {
    return 0;
  }
  const postmaster = pids.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(`-p ${port} `);
    } catch {
      return false;
    }
  });
  if (postmaster === undefined) return 0;
  let total = processCpuSeconds(postmaster, true);
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1] === String(postmaster)) total += processCpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

async function startSandboxProcess(env: Record<string, string>): Promise<Sandbox> {
  const args = ['--import', 'tsx', '--conditions=source', ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []), main];
  const child = spawn(process.execPath, args, {
    cwd: fileURLToPath(new URL('../../packages/sandbox/', import.meta.url)),
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_ENVIRONMENT_ID: ENV, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const match = /info:\s+(http:\/\/127\.0\.0\.1:\d+)\/sandbox\/info/.exec(output);
    if (match) {
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      return {
        url: match[1]!,
        pid: child.pid!,
        async stop() {
          child.kill('SIGINT');
          await exited;
        },
      };
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The sandbox did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// node:http with kept-alive connections: on two cores the client's own cost counts, and fetch costs it more per call.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
  try {
    return await callOnce(method, url, body, headers);
  } catch (error) {
    // A kept-alive connection the server closed as the request went out: once more on a new one (as fetch does).
    if ((error as { reusedSocket?: boolean }).reusedSocket !== true) throw error;
    return callOnce(method, url, body, headers);
  }
}

function callOnce(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        timeout: 30_000,
        headers: { accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) reject(new Error(`${method} ${url}: ${response.statusCode} ${text.slice(0, 200)}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in 30 s`)));
    req.on('error', (error: Error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET' })));
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

interface Row {
  scenario: string;
  storage: string;
  concurrency: number;
  ops: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU milliseconds per operation: the sandbox process, PostgreSQL's processes (PostgreSQL only), this client. */
  cpuSandbox: number;
  cpuPostgres: number;
  cpuClient: number;
  /** Sign-ins only: each of the three requests' latencies (p50, p99 in ms). */
  steps?: Record<Step, { p50: number; p99: number }>;
}

type Step = 'create' | 'inbox' | 'signin';

/** Where CPU is read: the sandbox's pid, and the PostgreSQL port when there is one. */
interface Processes {
  sandboxPid: number;
  postgresPort?: number | undefined;
}

/** Runs `operation` from `concurrency` workers for SECONDS (at most MAX_OPS); latency per operation. */
async function measure(scenario: string, storage: string, processes: Processes, concurrency: number, operation: (index: number) => Promise<void>): Promise<Row> {
  const latencies: number[] = [];
  const cpuBefore = {
    sandbox: processCpuSeconds(processes.sandboxPid),
    postgres: processes.postgresPort === undefined ? 0 : postgresCpuSeconds(processes.postgresPort),
    client: process.cpuUsage(),
  };
  let errors = 0;
  let next = 0;
  let firstError: unknown;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until && next < MAX_OPS) {
      const index = next++;
      const begin = performance.now();
      try {
        await operation(index);
        latencies.push(performance.now() - begin);
      } catch (error) {
        errors += 1;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const client = process.cpuUsage(cpuBefore.client);
  const perOp = (seconds: number) => (latencies.length === 0 ? NaN : (seconds * 1000) / latencies.length);
  const cpu = {
    cpuSandbox: perOp(processCpuSeconds(processes.sandboxPid) - cpuBefore.sandbox),
    cpuPostgres: processes.postgresPort === undefined ? NaN : perOp(postgresCpuSeconds(processes.postgresPort) - cpuBefore.postgres),
    cpuClient: perOp((client.user + client.system) / 1e6),
  };
  if (firstError) console.error(`  ${scenario} (${storage}, c${concurrency}): ${errors} errors, first: ${String(firstError)}`);
  latencies.sort((a, b) => a - b);
  return { scenario, storage, concurrency, ops: latencies.length, errors, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), ...cpu };
}

/** The sandboxes whose access list is filled (`--access-list`). */
const listed = new Set<string>();

async function scenarios(storage: string, sandbox: Sandbox, postgresPort?: number): Promise<Row[]> {
  const processes: Processes = { sandboxPid: sandbox.pid, postgresPort };
  const sdk = `${sandbox.url}/api/v0/sdk/${ENV}`;
  // The bench is one client on loopback: lift the send limits for it.
  const unlimited = { perRecipient: { limit: 1_000_000, windowSeconds: 1 }, perClient: { limit: 1_000_000, windowSeconds: 1 } };
  await call('PUT', `${sandbox.url}/sandbox/admin/settings`, { security: { rateLimits: { emailVerification: unlimited } } });
  if (ACCESS_LIST > 0 && !listed.has(sandbox.url)) {
    listed.add(sandbox.url);
    // The list, once per sandbox: the bench's own domain, and addresses of others (32 requests at a time).
    await call('PUT', `${sandbox.url}/sandbox/admin/access-list`, { address: '@bench.example', action: 'allow' });
    let added = 0;
    const adder = async () => {
      while (added < ACCESS_LIST) await call('PUT', `${sandbox.url}/sandbox/admin/access-list`, { address: `member-${added++}@list.example`, action: 'allow' });
    };
    await Promise.all(Array.from({ length: 32 }, adder));
  }
  const run = `${Date.now().toString(36)}`;
  const timed = async <T>(steps: Record<Step, number[]> | undefined, step: Step, request: () => Promise<T>): Promise<T> => {
    const begin = performance.now();
    const result = await request();
    steps?.[step].push(performance.now() - begin);
    return result;
  };
  const signIn = async (label: string, index: number, steps?: Record<Step, number[]>) => {
    const email = `${label}-${run}-${index}@bench.example`;
    const { verificationUUID } = await timed(steps, 'create', () => call('POST', `${sdk}/emailVerifications/create`, { email }));
    const [message] = await timed(steps, 'inbox', () => call('GET', `${sandbox.url}/sandbox/inbox?to=${encodeURIComponent(email)}`));
    return timed(steps, 'signin', () => call('POST', `${sdk}/emailVerifications/signin`, { verificationUUID, verificationToken: message.code }));
  };
  /** Sign-ins at `concurrency`, with each request's latency beside the whole sign-in's. */
  const measureSignIns = async (concurrency: number): Promise<Row> => {
    const steps: Record<Step, number[]> = { create: [], inbox: [], signin: [] };
    const row = await measure('e-mail sign-in (create → inbox → signin)', storage, processes, concurrency, async (index) => void (await signIn(`c${concurrency}`, index, steps)));
    const summary = (values: number[]) => {
      values.sort((a, b) => a - b);
      return { p50: percentile(values, 50), p99: percentile(values, 99) };
    };
    return { ...row, steps: { create: summary(steps.create), inbox: summary(steps.inbox), signin: summary(steps.signin) } };
  };
  // Warm up (JIT, connection pools), not measured.
  await Promise.all(Array.from({ length: 32 }, (_, index) => signIn('warm', index)));
  const rows: Row[] = [];
  if (values.scenario !== 'users') {
    rows.push(await measureSignIns(1));
    rows.push(await measureSignIns(32));
  }
  if (values.scenario !== 'signin') {
    const { jwt } = await signIn('reader', 0);
    const auth = { authorization: `Bearer ${jwt}` };
    rows.push(await measure('GET /users (bearer)', storage, processes, 1, async () => void (await call('GET', `${sdk}/users`, undefined, auth))));
    rows.push(await measure('GET /users (bearer)', storage, processes, 32, async () => void (await call('GET', `${sdk}/users`, undefined, auth))));
  }
  return rows;
}

const rows: Row[] = [];
const loadBefore = loadavg();
const folder = await mkdtemp(path.join(tmpdir(), 'latchkey-bench-'));
try {
  if (values.storage !== 'postgres') {
    const sandbox = await startSandboxProcess({ SANDBOX_DATA_DIR: path.join(folder, 'pglite') });
    try {
      for (let run = 0; run < REPEAT; run++) rows.push(...(await scenarios('PGlite', sandbox)));
    } finally {
      await sandbox.stop();
    }
  }
  if (values.storage !== 'pglite') {
    const bin = findPostgresBin();
    if (!bin) {
      console.log('PostgreSQL: not measured (initdb/pg_ctl not installed).');
    } else {
      const cluster = await startPostgresCluster(bin);
      try {
        const sandbox = await startSandboxProcess({ DATABASE_URL: cluster.url });
        try {
          for (let run = 0; run < REPEAT; run++) rows.push(...(await scenarios('PostgreSQL', sandbox, Number(new URL(cluster.url).port))));
        } finally {
          await sandbox.stop();
        }
      } finally {
        await cluster.stop();
      }
    }
  }
} finally {
  agent.destroy();
  await rm(folder, { recursive: true, force: true });
}

/** The median of each figure over the runs of one scenario (`--repeat`); one run's rows as they are. */
function medians(all: Row[]): Row[] {
  const median = (values: number[]) => {
    const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
    return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  const groups = new Map<string, Row[]>();
  for (const row of all) {
    const key = `${row.scenario}|${row.storage}|${row.concurrency}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const of = (pick: (row: Row) => number) => median(group.map(pick));
    const step = (name: Step) => ({ p50: of((row) => row.steps![name].p50), p99: of((row) => row.steps![name].p99) });
    return {
      ...first,
      ops: of((row) => row.ops),
      errors: group.reduce((total, row) => total + row.errors, 0),
      perSecond: of((row) => row.perSecond),
      p50: of((row) => row.p50),
      p95: of((row) => row.p95),
      p99: of((row) => row.p99),
      cpuSandbox: of((row) => row.cpuSandbox),
      cpuPostgres: of((row) => row.cpuPostgres),
      cpuClient: of((row) => row.cpuClient),
      ...(first.steps ? { steps: { create: step('create'), inbox: step('inbox'), signin: step('signin') } } : {}),
    };
  });
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const load = (averages: number[]) => averages.map((value) => value.toFixed(2)).join(' ');
const table = medians(rows);
console.log(`\nLoad (loopback, ${SECONDS} s per scenario${ACCESS_LIST > 0 ? `, an access list of ${ACCESS_LIST} + 1 entries` : ''}${REPEAT > 1 ? `, median of ${REPEAT} runs (errors: their sum)` : ''}, this machine: ${cpus().length} cores; load average ${load(loadBefore)} before, ${load(loadavg())} after)\n`);
console.log('| scenario | storage | concurrency | ops | errors | ops/s | p50 ms | p95 ms | p99 ms | CPU ms/op sandbox | CPU ms/op PostgreSQL | CPU ms/op client |');
console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
for (const row of table) {
  const cpu = [row.cpuSandbox, row.cpuPostgres, row.cpuClient].map((value) => (Number.isNaN(value) ? '–' : value.toFixed(2))).join(' | ');
  console.log(`| ${row.scenario} | ${row.storage} | ${row.concurrency} | ${row.ops} | ${row.errors} | ${row.perSecond.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${cpu} |`);
}
const stepped = table.filter((row) => row.steps !== undefined);
if (stepped.length > 0) {
  console.log('\nEach request of a sign-in (p50 / p99 ms):\n');
  console.log('| storage | concurrency | create | inbox | signin |');
  console.log('|---|--:|--:|--:|--:|');
  for (const row of stepped) {
    const { create, inbox, signin } = row.steps!;
    console.log(`| ${row.storage} | ${row.concurrency} | ${ms(create.p50)} / ${ms(create.p99)} | ${ms(inbox.p50)} / ${ms(inbox.p99)} | ${ms(signin.p50)} / ${ms(signin.p99)} |`);
  }
}
