// The house rule "no one-letter names outside tiny lambdas and loops" (eslint-rules/no-short-names.js),
// run through ESLint's RuleTester with the TypeScript parser the repository lints with.
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';

// A CommonJS module (eslint.config.mjs imports it as is; no build step for the lint rules).
const rule: Rule.RuleModule = require('./no-short-names.js');

// RuleTester calls describe/it itself when they are globals (they are, under jest).
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never } });
const short = (name: string) => ({ messageId: 'short', data: { name } });

tester.run('no-short-names', rule, {
  valid: [
    'const seat = 1;',
    'for (let i = 0; i < 9; i++) total += i;',
    'for (let i = 0, j = 9; i < j; i++, j--) swap(i, j);',
    'const ranks = cards.map((c) => c.rank);',
    'seats.sort((a, b) => a.index - b.index);',
    'const byId = new Map(players.map(({ id: k, ...p }) => [k, p]));',
    // The formatter may put a long body on the line after the arrow: it is still one line.
    'const total = pots.reduce((sum, p) =>\n  sum + p.amount, 0);',
    'const [_, second] = pair;',
    'function first<T>(items: T[]): T { return items[0]; }',
    'class Table { seat = 0; deal(cards: number) {} }',
    // Uses are not declarations: a one-letter property of someone else's API is not ours to name.
    'point.x = shape.y + Math.E;',
    'try { run(); } catch (error) { log(error); }',
    // A library's own one-letter export keeps its name; an alias of ours says what it is.
    "import { z } from 'zod';",
    "import { z as schema } from 'zod';",
  ],
  invalid: [
    { code: 'const s = state();', errors: [short('s')] },
    { code: 'let { a, b: c } = pair;', errors: [short('a'), short('c')] },
    { code: 'const [x, ...y] = list;', errors: [short('x'), short('y')] },
    { code: 'function f(n: number, k = 2) { return n * k; }', errors: [short('f'), short('n'), short('k')] },
    // A lambda with a block body is not tiny.
    { code: 'cards.forEach((c) => { deal(c); });', errors: [short('c')] },
    // Nor is one whose expression runs over several lines.
    { code: 'const sum = pots.reduce((s, pot) =>\n  s +\n  pot.amount, 0);', errors: [short('s')] },
    { code: 'const draw = function d(x: number) { return x; };', errors: [short('d'), short('x')] },
    // A for-of or for-in variable is not a counter.
    { code: 'for (const p of players) seat(p);', errors: [short('p')] },
    { code: 'for (let i = 0; i < 9; i++) { const c = cards[i]; deal(c); }', errors: [short('c')] },
    { code: 'try { run(); } catch (e) { log(e); }', errors: [short('e')] },
    { code: 'class T { x = 0; #y = 1; m() {} }', errors: [short('T'), short('x'), short('y'), short('m')] },
    { code: 'class Seat { constructor(private readonly n: number) {} }', errors: [short('n')] },
    { code: "import { object as o } from 'zod';", errors: [short('o')] },
    { code: "import * as p from 'node:path';", errors: [short('p')] },
  ],
});
