/**
 * The schema model `--check` replays migrations into: statements found at their line and column,
 * PostgreSQL's failures on a broken history, and equal schemas however the DDL was split.
 */
import { describe, expect, it } from 'vitest';
import { compareSchemas } from './compareSchemas.ts';
import { emptyModel, replaySql, ReplayError } from './replay.ts';
import { positionedStatements } from './statements.ts';

const failure = (sql: string, model = emptyModel()) => {
  try {
    replaySql(model, sql);
    return null;
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    return `${error.statement.line}:${error.statement.col} ${error.message}`;
  }
};

const CREATE = 'CREATE TABLE "t" (\n\t"id" integer PRIMARY KEY,\n\t"name" varchar(50) NOT NULL,\n\t"tags" jsonb DEFAULT \'{}\'::jsonb NOT NULL\n);';

describe('positionedStatements', () => {
  it('splits on semicolons outside strings, identifiers, dollar quotes and comments, keeping each start', () => {
    const sql = "-- header; not a statement\nSELECT 'a;b', \"c;d\";\n--> statement-breakpoint\n  DO $$ BEGIN PERFORM 1; END $$;\n/* ; */ SELECT 2";
    expect(positionedStatements(sql)).toEqual([
      { text: 'SELECT \'a;b\', "c;d"', line: 2, col: 1 },
      { text: 'DO $$ BEGIN PERFORM 1; END $$', line: 4, col: 3 },
      { text: 'SELECT 2', line: 5, col: 9 },
    ]);
  });
});

describe('replaySql', () => {
  it('fails as PostgreSQL would on a broken history, at the statement', () => {
    expect(failure(`${CREATE}\n${CREATE}`)).toBe('6:1 relation "t" already exists');
    expect(failure('ALTER TABLE "t" ADD COLUMN "x" integer;')).toBe('1:1 relation "t" does not exist');
    expect(failure(`${CREATE}\nALTER TABLE "t" ALTER COLUMN "nope" SET NOT NULL;`)).toBe('6:1 column "nope" of relation "t" does not exist');
    expect(failure(`${CREATE}\nALTER TABLE "t" ADD COLUMN "name" text;`)).toBe('6:1 column "name" of relation "t" already exists');
    expect(failure(`${CREATE}\nCREATE INDEX "t" ON "t" USING btree ("name");`)).toBe('6:1 relation "t" already exists');
    expect(failure(`${CREATE}\nALTER TABLE "t" ADD CONSTRAINT "fk" FOREIGN KEY ("id") REFERENCES "public"."u"("id");`)).toBe('6:1 relation "u" does not exist');
    expect(failure(`${CREATE}\nALTER TABLE "t" DROP CONSTRAINT "nope";`)).toBe('6:1 constraint "nope" of relation "t" does not exist');
    expect(failure(`${CREATE}\nALTER TABLE "t" ENABLE ROW LEVEL SECURITY;`)).toMatch(/^6:1 cannot replay ALTER TABLE … ENABLE ROW LEVEL SECURITY/);
    expect(failure(`${CREATE}\nINSERT INTO "t" VALUES (1, 'a');\nCREATE EXTENSION IF NOT EXISTS pg_trgm;`)).toBeNull();
  });

  it('gives the same schema for one CREATE and for a chain of ALTERs, and names what differs', () => {
    const whole = replaySql(emptyModel(), `${CREATE.replace('varchar(50)', 'varchar(120)')}\nCREATE UNIQUE INDEX "t_name" ON "t" USING btree ("name");`);
    const chain = replaySql(
      emptyModel(),
      [
        'CREATE TABLE "t" ("id" integer PRIMARY KEY, "name" varchar(50), "old" text);',
        'ALTER TABLE "t" ADD COLUMN "tags" jsonb;',
        'ALTER TABLE "t" ALTER COLUMN "tags" SET DEFAULT \'{}\'::jsonb;',
        'ALTER TABLE "t" ALTER COLUMN "tags" SET NOT NULL;',
        'ALTER TABLE "t" ALTER COLUMN "name" SET DATA TYPE varchar(120) USING "name"::varchar(120);',
        'ALTER TABLE "t" ALTER COLUMN "name" SET NOT NULL;',
        'CREATE INDEX "t_old" ON "t" USING btree ("old");',
        'ALTER TABLE "t" DROP COLUMN "old";',
        'CREATE UNIQUE INDEX "t_name" ON "public"."t" USING btree ("name");',
      ].join('\n'),
    );
    expect(compareSchemas(chain, whole)).toEqual([]);
    const shorter = replaySql(emptyModel(), CREATE);
    expect(compareSchemas(shorter, whole)).toEqual([
      'column t.name is varchar(50) NOT NULL in the history but varchar(120) NOT NULL in the definitions',
      'index t_name is in the definitions but not in the history',
    ]);
  });

  it('follows renames and drops what a dropped table takes with it', () => {
    const model = replaySql(
      emptyModel(),
      `${CREATE}\nCREATE TABLE "u" ("id" integer, "t_id" integer);\nALTER TABLE "u" ADD CONSTRAINT "u_t_fk" FOREIGN KEY ("t_id") REFERENCES "public"."t"("id");\nALTER TABLE "u" RENAME COLUMN "t_id" TO "parent_id";\nALTER TABLE "u" RENAME TO "v";\nCREATE INDEX "v_idx" ON "v" USING btree ("id");\nDROP TABLE "t" CASCADE;`,
    );
    expect([...model.tables.keys()]).toEqual(['v']);
    expect([...model.tables.get('v')!.columns.keys()]).toEqual(['id', 'parent_id']);
    expect(model.tables.get('v')!.constraints.size).toBe(0);
    expect(failure('DROP TABLE "v";', model)).toBeNull();
    expect(model.indexes.size).toBe(0);
  });
});
