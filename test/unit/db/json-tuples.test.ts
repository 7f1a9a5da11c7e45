import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tupleReader } from '../../../src/infra/db/json-tuples.js';

interface Person {
  id: string;
  name: string | null;
  age: number;
}

const people = tupleReader<Person>(['id', 'name', 'age']);

describe('tuples read as rows (json-tuples.ts)', () => {
  it('reads each column of a tuple by the name it was made with, from SQLite text and from PostgreSQL JSON alike', () => {
    for (const value of ['["p1","Ada",36]', ['p1', 'Ada', 36]]) {
      const person = people.row(value);
      assert.deepEqual([person.id, person.name, person.age], ['p1', 'Ada', 36]);
    }
  });

  it('reads the rows of an aggregate in its order, nulls as null', () => {
    const rows = people.rows('[["p1",null,36],["p2","Grace",45]]');
    assert.deepEqual(
      rows.map((person) => [person.id, person.name, person.age]),
      [
        ['p1', null, 36],
        ['p2', 'Grace', 45],
      ],
    );
    assert.deepEqual(people.rows([]), []);
  });

  it('keeps the rows of one reader apart from those of another with other columns', () => {
    const reversed = tupleReader<Person>(['age', 'name', 'id']);
    assert.equal(reversed.row([36, 'Ada', 'p1']).id, 'p1');
    assert.equal(people.row(['p1', 'Ada', 36]).id, 'p1');
  });
});
