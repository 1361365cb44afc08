// Splits a migration script into statements for the driver adapters' executeScript.
//
// Why: @prisma/adapter-pg's executeScript splits on every ";" — also inside comments, strings
// and dollar-quoted function bodies — so a migration that creates a PL/pgSQL function (the hand
// store's one-round-trip append) cannot be applied through it. This splitter knows `--` and
// `/* */` comments, '...' strings ('' escapes), "..." identifiers and $tag$...$tag$ bodies.
export function splitSqlScript(script: string): string[] {
  const out: string[] = [];
  let start = 0;
  let index = 0;
  const length = script.length;
  const push = (end: number) => {
    const stmt = script.slice(start, end).trim();
    // A piece of nothing but comments is not a statement.
    if (stmt.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim().length) out.push(stmt);
  };
  while (index < length) {
    const char = script[index];
    if (char === '-' && script[index + 1] === '-') {
      const nl = script.indexOf('\n', index);
      index = nl < 0 ? length : nl + 1;
    } else if (char === '/' && script[index + 1] === '*') {
      const end = script.indexOf('*/', index + 2);
      index = end < 0 ? length : end + 2;
    } else if (char === "'" || char === '"') {
      index++;
      while (index < length) {
        if (script[index] === char) {
          if (script[index + 1] === char) index += 2;
          else break;
        } else index++;
      }
      index++;
    } else if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(index, index + 64))?.[0];
      if (tag) {
        const end = script.indexOf(tag, index + tag.length);
        index = end < 0 ? length : end + tag.length;
      } else index++;
    } else if (char === ';') {
      push(index);
      index++;
      start = index;
    } else index++;
  }
  push(length);
  return out;
}
