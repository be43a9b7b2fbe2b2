import { readFileSync } from 'node:fs';
import { loadLanguageTables } from '../src/language/language-tables.js';
import { classifyQuestion } from '../src/language/classify-question.js';
const tables = loadLanguageTables('/work/main/rules/language');
const langs = ['fr','es','de','it','pt','nl','pl','tr','ru','ar','zh'];
for (const l of langs) {
  const qs = JSON.parse(readFileSync(`/work/main/fixtures/questions/real/${l}.dev.json`,'utf8')).cases.map((c: {question:string}) => c.question);
  for (let r=0;r<3;r++) for (const q of qs) classifyQuestion(tables,q);
  const t: number[] = [];
  for (let r=0;r<20;r++) for (const q of qs) { const s=process.hrtime.bigint(); classifyQuestion(tables,q); t.push(Number(process.hrtime.bigint()-s)/1e6); }
  t.sort((a,b)=>a-b);
  const th: number[] = [];
  for (let r=0;r<20;r++) for (const q of qs) { const s=process.hrtime.bigint(); classifyQuestion(tables,q,l); th.push(Number(process.hrtime.bigint()-s)/1e6); }
  th.sort((a,b)=>a-b);
  console.log(l, 'median', t[t.length>>1].toFixed(3), 'p99', t[Math.floor(t.length*0.99)].toFixed(3), '| hinted median', th[th.length>>1].toFixed(3), 'p99', th[Math.floor(th.length*0.99)].toFixed(3));
}
