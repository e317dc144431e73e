// Arbiter's kernel and text-path figures on the same corpus, same method as the peer harnesses.
// node --expose-gc bench/peers/arbiter.mjs [CORPUS.jsonl[.gz]] [ROUNDS=5] [SECONDS=2] (after npm run build)
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { isDeepStrictEqual } from 'node:util';
import {
  adjudicateMovement,
  readRecord,
  standardMap,
  adjudicateRecordLine,
} from '../../packages/engine/dist/index.js';

const path =
  process.argv[2] ??
  new URL('../../packages/engine/test/corpus/peer-agreed-movement.jsonl.gz', import.meta.url)
    .pathname;
const rounds = Number(process.argv[3] ?? 5);
const secs = Number(process.argv[4] ?? 2);
let text = readFileSync(path);
if (path.endsWith('.gz')) text = gunzipSync(text);
const lines = text
  .toString('utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');
const phases = lines.map((l) => {
  const r = readRecord(standardMap, JSON.parse(l));
  if (!r.ok && r.value === undefined) throw new Error('bad record');
  return r.value;
});
const n = phases.length;
console.log(`arbiter: ${n} phases loaded`);

// agreement: the text path's output record vs the corpus line's result
let agree = 0;
for (const l of lines) {
  const out = adjudicateRecordLine(standardMap, l);
  if (out !== undefined && isDeepStrictEqual(JSON.parse(out).result, JSON.parse(l).result)) agree++;
}
console.log(
  `agreement: ${agree} / ${n} phases (adjudicateRecordLine result == corpus result, deep equal)`,
);

let sink = 0;
function bench(name, pass) {
  const t0 = performance.now();
  while (performance.now() - t0 < 2000) pass(); // warm-up
  const rates = [],
    cpurates = [];
  for (let r = 0; r < rounds; r++) {
    globalThis.gc?.();
    let done = 0;
    const c0 = process.cpuUsage();
    const a = performance.now();
    let el;
    do {
      pass();
      done += n;
      el = (performance.now() - a) / 1000;
    } while (el < secs);
    const c = process.cpuUsage(c0);
    rates.push(done / el);
    cpurates.push(done / ((c.user + c.system) / 1e6));
  }
  const raw = rates.map(Math.round);
  rates.sort((x, y) => x - y);
  cpurates.sort((x, y) => x - y);
  const med = (v) => v[Math.floor(v.length / 2)];
  console.log(
    `${name.padEnd(60)} median ${Math.round(med(rates))} phases/s (min ${Math.round(rates[0])}, max ${Math.round(rates.at(-1))}, ${rounds} rounds of >=${secs}s) [${raw.join(' ')}]`,
  );
  console.log(
    `${''.padEnd(60)} median ${Math.round(med(cpurates))} phases per CPU-second (min ${Math.round(cpurates[0])}, max ${Math.round(cpurates.at(-1))}; GC threads included)`,
  );
}

bench('K: adjudicateMovement(structured, explain:false)', () => {
  for (const p of phases)
    sink += adjudicateMovement(standardMap, p.units, p.orders, { explain: false }).outcomes.length;
});
bench('T: adjudicateRecordLine(line) (parse + adjudicate + write)', () => {
  for (const l of lines) sink += adjudicateRecordLine(standardMap, l).length;
});
if (sink === 42) console.log('');
