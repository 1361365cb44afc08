// e2e hooks boot apps and migrate fresh databases; on a loaded 2-core machine that takes more
// than jest's default 5 s (`testTimeout` in a jest project entry is not applied to hooks).
jest.setTimeout(60_000);
