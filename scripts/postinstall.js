// Runs after npm install: generates the Prisma client (offline, see STACK.md).

