// npm leaves optional platform packages out of package-lock.json when the registry it used does not carry
// them (a registry mirror with only the platforms it serves). `npm ci` then refuses the lock as out of sync.
// This adds an entry for each missing one, with the platform fields read from its name, so `npm ci` sees a
// complete lock and skips them on a platform they are not for. Run it after `npm install` changes the lock.
import fs from 'node:fs';

const PLATFORM =
  /-(android|darwin|freebsd|linux|openharmony|win32)-(arm64|arm|x64|ia32|loong64|ppc64|riscv64|s390x)(?:-(gnu|musl|gnueabihf|musleabihf|eabi|msvc))?$/;
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages;
let added = 0;
for (const entry of Object.values(pkgs)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const where = `node_modules/${name}`;
    if (pkgs[where]) continue;
    const match = PLATFORM.exec(name);
    if (!match) continue;
    const [, os, cpu, abi] = match;
    const libc = abi === 'gnu' || abi === 'gnueabihf' ? ['glibc'] : abi === 'musl' || abi === 'musleabihf' ? ['musl'] : undefined;
    pkgs[where] = { version, cpu: [cpu], ...(entry.dev ? { dev: true } : {}), ...(libc ? { libc } : {}), optional: true, os: [os] };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
