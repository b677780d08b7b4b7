// Every area's German texts in one chunk, loaded before the interface switches to German.
const files = import.meta.glob<Record<string, unknown>>('../de/*.json', { eager: true, import: 'default' });
const pack: Record<string, Record<string, unknown>> = {};
for (const [path, bundle] of Object.entries(files)) pack[path.replace(/^.*\/(.+)\.json$/, '$1')] = bundle;
export default pack;
