// Every area's Arabic texts in one chunk, loaded before the interface switches to Arabic.
const files = import.meta.glob<Record<string, unknown>>('../ar/*.json', { eager: true, import: 'default' });
const pack: Record<string, Record<string, unknown>> = {};
for (const [path, bundle] of Object.entries(files)) pack[path.replace(/^.*\/(.+)\.json$/, '$1')] = bundle;
export default pack;
