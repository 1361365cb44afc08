import { splitSqlScript } from './sql-script';

describe('splitSqlScript', () => {
  it('splits plain statements on semicolons', () => {
    expect(splitSqlScript('CREATE TABLE a (x int);\nCREATE INDEX i ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX i ON a (x)',
    ]);
  });

  it('keeps a dollar-quoted function body with its semicolons in one statement', () => {
    const fn = 'CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  PERFORM 1;\n  RETURN 1;\nEND\n$$';
    expect(splitSqlScript(`${fn};\nSELECT 2;`)).toEqual([fn, 'SELECT 2']);
  });

  it('ignores semicolons and quotes in comments, strings and quoted identifiers', () => {
    const script =
      "-- a comment; with a quote's\nSELECT ';', \"a;b\", 'it''s;' /* ; */ FROM t;\n-- trailing comment only";
    expect(splitSqlScript(script)).toEqual([
      "-- a comment; with a quote's\nSELECT ';', \"a;b\", 'it''s;' /* ; */ FROM t",
    ]);
  });

  it('handles named dollar tags', () => {
    expect(splitSqlScript('DO $body$ BEGIN RAISE NOTICE $$x;$$; END $body$; SELECT 1')).toEqual([
      'DO $body$ BEGIN RAISE NOTICE $$x;$$; END $body$',
      'SELECT 1',
    ]);
  });
});
