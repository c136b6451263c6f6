/**
 * Test-only: a private Apache httpd (Debian's apache2 with mod_dav, mod_dav_fs, mod_headers, basic auth) serving a
 * WebDAV folder on a free loopback port, from a generated config in a temp dir. `corsOrigin` null: no CORS
 * headers at all (the page is refused). Needs /usr/sbin/apache2 (Debian package apache2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const APACHE_BIN = process.env.APACHE_BIN ?? '/usr/sbin/apache2';
const MODULES = process.env.APACHE_MODULES ?? '/usr/lib/apache2/modules';

export type ApacheDav = {
  url: string;
  root: string;
  username: string;
  password: string;
  errorLog: () => string;
  stop: () => Promise<void>;
};

export function apacheAvailable(): boolean {
  return existsSync(APACHE_BIN) && existsSync(join(MODULES, 'mod_dav_fs.so'));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function config(
  dir: string,
  port: number,
  corsOrigin: string | null,
  asUser: string | null,
  publicShares: boolean,
): string {
  const root = join(dir, 'root');
  const cors =
    corsOrigin === null
      ? ''
      : `
    Header always set Access-Control-Allow-Origin "${corsOrigin}"
    Header always set Access-Control-Allow-Methods "GET, HEAD, PUT, DELETE, PROPFIND, MKCOL, OPTIONS"
    Header always set Access-Control-Allow-Headers "Authorization, Content-Type, Depth, If-None-Match"
    Header always set Access-Control-Expose-Headers "ETag"`;
  const mods = [
    'mpm_event',
    'authz_core',
    'authn_core',
    'auth_basic',
    'authn_file',
    'authz_user',
    'dav',
    'dav_fs',
    'headers',
  ];
  return `ServerRoot "${dir}"
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile "${dir}/httpd.pid"
ErrorLog "${dir}/error.log"
LogLevel warn
DefaultRuntimeDir "${dir}"
Mutex file:${dir}
${asUser ? `User ${asUser}\nGroup ${asUser}` : ''}
${mods.map((m) => `LoadModule ${m}_module "${MODULES}/mod_${m}.so"`).join('\n')}
StartServers 1
ServerLimit 1
ThreadsPerChild 16
MaxRequestWorkers 16
DavLockDB "${dir}/davlock"
DocumentRoot "${root}"
<Directory "${root}">
    Dav On
    AuthType Basic
    AuthName "toolscope-sync-test"
    AuthUserFile "${dir}/htpasswd"
    <LimitExcept OPTIONS>
        Require valid-user
    </LimitExcept>${cors}
</Directory>
${
  publicShares
    ? `# Share links: their sealed sessions are read without signing in (docs/sync-storage.md); writing still needs it.
<Directory "${root}/vault/shares">
    <LimitExcept GET HEAD OPTIONS>
        Require valid-user
    </LimitExcept>
</Directory>`
    : ''
}
`;
}

/** `publicShares`: the vault's `shares/` folder is readable without sign-in, as share links need (writing still asks). */
export async function startApacheDav(opts: {
  corsOrigin: string | null;
  username?: string;
  password?: string;
  publicShares?: boolean;
}): Promise<ApacheDav> {
  const username = opts.username ?? 'sync';
  const password = opts.password ?? 'sync-secret';
  const dir = mkdtempSync(join(tmpdir(), 'toolscope-dav-'));
  const root = join(dir, 'root');
  mkdirSync(join(root, 'vault'), { recursive: true });
  writeFileSync(join(dir, 'htpasswd'), `${username}:{SHA}${createHash('sha1').update(password).digest('base64')}\n`);
  // As root, Apache's workers run as www-data: they must be able to write the folder.
  const asUser = process.getuid?.() === 0 ? 'www-data' : null;
  if (asUser) {
    const [uid, gid] = idsOf(asUser);
    for (const p of [dir, root, join(root, 'vault')]) chownSync(p, uid, gid);
    chmodSync(dir, 0o755);
  }
  let lastError: unknown = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const conf = join(dir, 'httpd.conf');
    writeFileSync(conf, config(dir, port, opts.corsOrigin, asUser, opts.publicShares === true));
    const child = spawn(APACHE_BIN, ['-f', conf, '-DFOREGROUND'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const url = `http://127.0.0.1:${port}/vault/`;
    try {
      await waitUp(url, child, () => stderr);
      return {
        url,
        root: join(root, 'vault'),
        username,
        password,
        errorLog: () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''),
        stop: async () => {
          await stopChild(child);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (e) {
      lastError = e;
      await stopChild(child);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError instanceof Error ? lastError : new Error('apache did not start');
}

function idsOf(user: string): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  const parts = line?.split(':');
  if (!parts) throw new Error(`no user ${user} for Apache's workers`);
  return [Number(parts[2]), Number(parts[3])];
}

async function waitUp(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`apache2 exited (${child.exitCode}): ${stderr()}`);
    try {
      const res = await fetch(url, { method: 'OPTIONS' });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`apache2 did not answer on ${url}: ${stderr()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await done;
  clearTimeout(timer);
}
