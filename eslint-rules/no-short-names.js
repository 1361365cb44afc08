// House rule (the house style: "small modules with names that say what they are"): a
// one-letter name is allowed only where its meaning is in plain sight on the same line:
//   - the counter of a `for` statement (`for (let i = 0; ...)`),
//   - a parameter of a tiny lambda, an arrow function whose body is one expression on one line
//     (`cards.map((c) => c.rank)`, `(a, b) => a.seat - b.seat`),
//   - `_` (a value deliberately ignored),
//   - type parameters (`<T>`), the language's own convention.
// ESLint's `id-length` cannot express these exceptions, hence this rule. It checks declarations only
// (variables, functions, parameters, catch parameters, classes, class members, destructuring,
// import aliases), never uses: a one-letter name that comes from elsewhere (a library's API) is not ours.
'use strict';

/** @param {string} name */
const isShort = (name) => name.length === 1 && name !== '_';

/** The identifiers a binding pattern declares (`a`, `{ a, b: c }`, `[a, ...rest]`, `a = 1`). */
function boundIdentifiers(pattern, into = []) {
  if (!pattern) return into;
  switch (pattern.type) {
    case 'Identifier':
      into.push(pattern);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties) {
        boundIdentifiers(property.type === 'RestElement' ? property.argument : property.value, into);
      }
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) boundIdentifiers(element, into);
      break;
    case 'AssignmentPattern':
      boundIdentifiers(pattern.left, into);
      break;
    case 'RestElement':
      boundIdentifiers(pattern.argument, into);
      break;
    case 'TSParameterProperty':
      boundIdentifiers(pattern.parameter, into);
      break;
  }
  return into;
}

/** An arrow function whose body is a single expression written on one line. */
const isTinyLambda = (fn) =>
  fn.type === 'ArrowFunctionExpression' &&
  fn.body.type !== 'BlockStatement' &&
  fn.body.loc.start.line === fn.body.loc.end.line;

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'suggestion',
    docs: { description: 'No one-letter names outside for-loop counters and tiny one-line lambdas' },
    schema: [],
    messages: {
      short:
        "'{{name}}' is a one-letter name: give it a name that says what it is " +
        '(one letter only for a for-loop counter or a parameter of a one-line arrow function)',
    },
  },
  create(context) {
    const report = (identifier) => {
      if (identifier && isShort(identifier.name)) {
        context.report({ node: identifier, messageId: 'short', data: { name: identifier.name } });
      }
    };
    const reportPattern = (pattern) => boundIdentifiers(pattern).forEach(report);
    const checkFunction = (fn) => {
      if (fn.id) report(fn.id);
      if (!isTinyLambda(fn)) fn.params.forEach(reportPattern);
    };
    const checkMember = (member) => {
      if (!member.computed && (member.key.type === 'Identifier' || member.key.type === 'PrivateIdentifier')) {
        report(member.key);
      }
    };
    return {
      VariableDeclarator(declarator) {
        const declaration = declarator.parent;
        const isForCounter = declaration.parent.type === 'ForStatement' && declaration.parent.init === declaration;
        if (!isForCounter) reportPattern(declarator.id);
      },
      FunctionDeclaration: checkFunction,
      FunctionExpression: checkFunction,
      ArrowFunctionExpression: checkFunction,
      TSDeclareFunction: checkFunction,
      CatchClause(clause) {
        reportPattern(clause.param);
      },
      ClassDeclaration(cls) {
        report(cls.id);
      },
      ClassExpression(cls) {
        report(cls.id);
      },
      PropertyDefinition: checkMember,
      MethodDefinition: checkMember,
      TSAbstractPropertyDefinition: checkMember,
      TSAbstractMethodDefinition: checkMember,
      // `import { z } from 'zod'` keeps the library's own name; only a name we choose is ours.
      ImportSpecifier(specifier) {
        if (specifier.local.range[0] !== specifier.imported.range[0]) report(specifier.local);
      },
      ImportDefaultSpecifier(specifier) {
        report(specifier.local);
      },
      ImportNamespaceSpecifier(specifier) {
        report(specifier.local);
      },
    };
  },
};
