// A clock for a server that an end-to-end spec starts itself (`node --import <this file> apps/server/dist/main.js`),
// never part of the product: the process's Date runs ahead of the real time by the milliseconds written in
// CLOCK_OFFSET_FILE, read again five times a second so the spec can move it. Everything that asks Date moves with it: the
// app's `now()`, its dates, the job runner's schedules and the embedded database's clock (it runs in this process).
import fs from 'node:fs';

const file = process.env.CLOCK_OFFSET_FILE;
if (!file) throw new Error('moving-clock.mjs needs CLOCK_OFFSET_FILE: the file holding the offset in milliseconds');

let offsetMs = 0;
function readOffset() {
  const value = Number(fs.readFileSync(file, 'utf8').trim());
  if (Number.isFinite(value)) offsetMs = value;
}
readOffset();
setInterval(readOffset, 200).unref();

const RealDate = Date;
const movedNow = () => RealDate.now() + offsetMs;

// A proxy rather than a subclass: `Date()` called without `new` still answers a string, and every Date the process
// makes is still an instance of the real Date.
globalThis.Date = new Proxy(RealDate, {
  construct(target, args, newTarget) {
    return Reflect.construct(target, args.length === 0 ? [movedNow()] : args, newTarget);
  },
  apply() {
    return new RealDate(movedNow()).toString();
  },
  get(target, key, receiver) {
    if (key === 'now') return movedNow;
    return Reflect.get(target, key, receiver);
  },
});
