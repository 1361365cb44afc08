// Splits a migration script into statements for the driver adapters' executeScript.
//
// Why: @prisma/adapter-pg's executeScript splits on every ";" — also inside comments, strings
// and dollar-quoted function bodies — so a migration that creates a PL/pgSQL function (the hand
// store's one-round-trip append) cannot be applied through it. This splitter knows `--` and
// `/* */` comments, '...' strings ('' escapes), "..." identifiers and $tag$...$tag$ bodies.
export function splitSqlScript(script: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const n = script.length;
  const push = (end: number) => {
    const stmt = script.slice(start, end).trim();
    // A piece of nothing but comments is not a statement.
    if (stmt.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim().length) out.push(stmt);
  };
  while (i < n) {
    const c = script[i];
    if (c === '-' && script[i + 1] === '-') {
      const nl = script.indexOf('\n', i);
      i = nl < 0 ? n : nl + 1;
    } else if (c === '/' && script[i + 1] === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      i++;
      while (i < n) {
        if (script[i] === c) {
          if (script[i + 1] === c) i += 2;
          else break;
        } else i++;
      }
      i++;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i, i + 64))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        i = end < 0 ? n : end + tag.length;
      } else i++;
    } else if (c === ';') {
      push(i);
      i++;
      start = i;
    } else i++;
  }
  push(n);
  return out;
}
