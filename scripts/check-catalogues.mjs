#!/usr/bin/env node
// The message catalogues agree: every British English key (the reference, SPEC's texts) has a German and an Arabic
// text and no language has keys the reference lacks; each text names the same placeholders ({{name}}) and rich-text
// tags (<strong>) as the reference; plurals carry every CLDR category of their language (Intl.PluralRules): German
// one/other, Arabic zero/one/two/few/many/other. Exits 1 with one line per problem.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = [
  { name: 'web', dir: 'apps/web/src/locales' },
  { name: 'server', dir: 'apps/server/src/locales' },
];
const REFERENCE = 'en-GB';
const TRANSLATIONS = ['de', 'ar'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') flatten(child, path, out);
    else out.set(path, String(child));
  }
  return out;
}

function marks(text) {
  const placeholders = [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
  const tags = [...text.matchAll(/<\/?([A-Za-z0-9]+)\s*\/?>/g)].map((m) => m[0].replace(/\s/g, '')).sort();
  return JSON.stringify({ placeholders: [...new Set(placeholders)], tags });
}

function categories(locale) {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
}

const problems = [];
let checked = 0;
for (const root of ROOTS) {
  const referenceDir = join(root.dir, REFERENCE);
  if (!existsSync(referenceDir)) continue;
  for (const file of readdirSync(referenceDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const reference = flatten(JSON.parse(readFileSync(join(referenceDir, file), 'utf8')));
    // A plural base is a key whose reference has `_one`/`_other` forms.
    const bases = new Map();
    for (const key of reference.keys()) {
      const match = key.match(PLURAL);
      if (match) bases.set(key.slice(0, -match[0].length), key);
    }
    for (const locale of TRANSLATIONS) {
      const where = `${root.name} ${locale}/${file}`;
      const path = join(root.dir, locale, file);
      if (!existsSync(path)) {
        problems.push(`${where}: missing file (the reference has ${reference.size} texts)`);
        continue;
      }
      const translated = flatten(JSON.parse(readFileSync(path, 'utf8')));
      const wanted = new Map();
      for (const [key, text] of reference) {
        const match = key.match(PLURAL);
        if (!match) {
          wanted.set(key, text);
          continue;
        }
        const base = key.slice(0, -match[0].length);
        for (const category of categories(locale)) wanted.set(`${base}_${category}`, reference.get(`${base}_other`) ?? text);
      }
      for (const [key, text] of wanted) {
        checked += 1;
        const mine = translated.get(key);
        if (mine === undefined) problems.push(`${where}: missing "${key}"`);
        else if (mine.trim() === '') problems.push(`${where}: empty "${key}"`);
        else if (marks(mine) !== marks(text) && !(PLURAL.test(key) && marks(mine.replace('{{count}}', '')) === marks(text.replace('{{count}}', ''))))
          problems.push(`${where}: "${key}" has ${marks(mine)}, the reference ${marks(text)}`);
      }
      for (const key of translated.keys()) {
        if (!wanted.has(key)) problems.push(`${where}: "${key}" is not in the reference`);
      }
    }
  }
  // A translation file without a reference file.
  for (const locale of TRANSLATIONS) {
    const dir = join(root.dir, locale);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      if (!existsSync(join(referenceDir, file))) problems.push(`${root.name} ${locale}/${file}: no ${REFERENCE} reference`);
    }
  }
}

for (const line of problems) console.error(line);
console.log(`Catalogues: ${checked} translated texts checked, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
