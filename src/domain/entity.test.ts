import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { chooseAutoMatch, entityKey, entityKeys, exactMatches, isValueEntity, mergeAliases, normalizeEntityType, type StoredEntity, valueTypeOfName } from './entity.ts';
import { batchIndexOf, exactBatchProblem } from './entityApply.ts';

const stored = (id: string, name: string, entity_type: string, extra: Partial<StoredEntity> = {}): StoredEntity => ({
  id, name, entity_type, caller_owned: false, created_at: `2026-01-0${id.length}T00:00:00.000Z`, ...extra,
});

/** Candidates as the store would find them: every stored entity sharing one of the wanted keys. */
function candidates(wanted: { name: string; entity_type: string; aliases?: string[] }, entities: (StoredEntity & { aliases?: string[] })[]) {
  const keys = new Set(entityKeys(wanted.name, wanted.aliases ?? [], wanted.entity_type));
  return entities.flatMap(entity =>
    entityKeys(entity.name, entity.aliases ?? [], entity.entity_type)
      .filter(key => keys.has(key))
      .map(key => ({ key, entity })),
  );
}

describe('entity match keys', () => {
  test('case, punctuation, accents and a leading "the" do not count', () => {
    assert.equal(entityKey('ACME Corp.'), 'acme corp');
    assert.equal(entityKey('Acme Corp'), entityKey('ACME Corp.'));
    assert.equal(entityKey('Musée d’Orsay'), entityKey("Musee d'Orsay"));
    assert.equal(entityKey('The New York Times'), 'new york times');
    assert.equal(entityKey('AT&T'), 'at and t');
    assert.notEqual(entityKey('C++'), entityKey('C#'));
  });

  test('an organisation is also found without its legal form', () => {
    assert.deepEqual(entityKeys('Acme Corp.', [], 'organization'), ['acme corp', 'acme']);
    assert.deepEqual(entityKeys('Acme Corp.', [], 'person'), ['acme corp']);
    assert.deepEqual(entityKeys('Robert Smith', ['Bob'], 'person'), ['robert smith', 'bob']);
  });

  test('entity types fold synonyms into the vocabulary and keep unknown ones', () => {
    assert.equal(normalizeEntityType('Company'), 'organization');
    assert.equal(normalizeEntityType(' GPE '), 'location');
    assert.equal(normalizeEntityType('Programming Language'), 'technology');
    assert.equal(normalizeEntityType('Book'), 'book');
  });

  test('aliases are added once by key and never repeat the name', () => {
    assert.deepEqual(mergeAliases('Acme Corp', ['ACME'], ['acme', 'Acme Corp.', 'Acme Inc', ' Acme Inc ']), ['ACME', 'Acme Inc']);
  });
});

describe('automatic resolution', () => {
  const acme = stored('a1', 'Acme Corp', 'organization', { aliases: ['Roadrunner Supplies'] } as Partial<StoredEntity>);

  test('"ACME Corp.", "Acme" and an alias all resolve to the stored "Acme Corp"', () => {
    const entities = [{ ...acme, aliases: ['Roadrunner Supplies'] }];
    for (const name of ['ACME Corp.', 'acme corp', 'Acme', 'Roadrunner Supplies']) {
      const wanted = { name, entity_type: 'organization' };
      assert.equal(chooseAutoMatch(wanted, candidates(wanted, entities))?.id, 'a1', name);
    }
  });

  test('distinct things stay distinct: another type or another name is a new entity', () => {
    const jordanCountry = stored('j1', 'Jordan', 'location');
    const person = { name: 'Jordan', entity_type: 'person' };
    assert.equal(chooseAutoMatch(person, candidates(person, [jordanCountry])), null);
    const other = { name: 'Acme Labs', entity_type: 'organization' };
    assert.equal(chooseAutoMatch(other, candidates(other, [acme])), null);
  });

  test('a type guessed with low confidence defers to the stored entity of that name', () => {
    const guessed = { name: 'Acme', entity_type: 'person', confidence: 0.6 };
    assert.equal(chooseAutoMatch(guessed, candidates(guessed, [acme]))?.id, 'a1');
    const sure = { ...guessed, confidence: 0.9 };
    assert.equal(chooseAutoMatch(sure, candidates(sure, [acme])), null);
  });

  test('a stored type that was only a guess yields to a sure one of the same name', () => {
    const guessedHeron = stored('h1', 'Heron', 'person', { confidence: 0.65 });
    const project = { name: 'Heron', entity_type: 'product', confidence: 0.85 };
    assert.equal(chooseAutoMatch(project, candidates(project, [guessedHeron]))?.id, 'h1');
    const sureHeron = stored('h2', 'Heron', 'person', { confidence: 0.8 });
    assert.equal(chooseAutoMatch(project, candidates(project, [sureHeron])), null);
  });

  test('a caller-owned entity matches only its exact name and type', () => {
    const owned = stored('o1', 'Acme Corp', 'organization', { caller_owned: true });
    const variant = { name: 'ACME Corp.', entity_type: 'organization' };
    assert.equal(chooseAutoMatch(variant, candidates(variant, [owned])), null);
    const exact = { name: 'Acme Corp', entity_type: 'organization' };
    assert.equal(chooseAutoMatch(exact, candidates(exact, [owned]))?.id, 'o1');
  });

  test('the exact name and type win over a key match, then the oldest', () => {
    const older = stored('x', 'ACME CORP', 'organization');
    const exact = stored('yy', 'Acme Corp', 'organization');
    const wanted = { name: 'Acme Corp', entity_type: 'organization' };
    assert.equal(chooseAutoMatch(wanted, candidates(wanted, [older, exact]))?.id, 'yy');
    const loose = { name: 'acme corp.', entity_type: 'organization' };
    assert.equal(chooseAutoMatch(loose, candidates(loose, [exact, older]))?.id, 'x');
  });

  test('exact matches are the same name (case included) and type', () => {
    const list = [stored('a', 'Alice', 'person'), stored('bb', 'Alice', 'person'), stored('c', 'alice', 'person'), stored('d', 'Alice', 'organization')];
    assert.deepEqual(exactMatches({ name: 'Alice', entity_type: 'person' }, list).map(e => e.id), ['a', 'bb']);
  });
});

describe('exact batches', () => {
  test('the same name and type with different ids is invalid, pointing at the later entry', () => {
    const problem = exactBatchProblem([
      { name: 'Alice', entity_type: 'person', id: 'p1' },
      { name: 'Bob', entity_type: 'person' },
      { name: 'Alice', entity_type: 'person', id: 'p2' },
    ]);
    assert.deepEqual(problem?.loc, ['body', 'entities', 2, 'id']);
  });

  test('an entry without an id is an identity of its own', () => {
    assert.notEqual(exactBatchProblem([{ name: 'Alice', entity_type: 'person' }, { name: 'Alice', entity_type: 'person', id: 'p1' }]), null);
  });

  test('repeating one identity, or one name under two types, is fine', () => {
    assert.equal(exactBatchProblem([{ name: 'Alice', entity_type: 'person', id: 'p1' }, { name: 'Alice', entity_type: 'person', id: 'p1' }]), null);
    assert.equal(exactBatchProblem([{ name: 'Jordan', entity_type: 'person' }, { name: 'Jordan', entity_type: 'location' }]), null);
  });

  test('one id for two different entities is invalid', () => {
    assert.deepEqual(exactBatchProblem([{ name: 'Alice', entity_type: 'person', id: 'x' }, { name: 'Bob', entity_type: 'person', id: 'x' }])?.loc, ['body', 'entities', 1, 'id']);
  });

  test('relationship endpoints name batch entries by id then exact name (exact), by key or alias (auto)', () => {
    const batch = [{ name: 'Alice', entity_type: 'person', id: 'p1' }, { name: 'Acme Corp', entity_type: 'organization', aliases: ['ACME'] }];
    assert.equal(batchIndexOf('p1', batch, 'exact', entityKey), 0);
    assert.equal(batchIndexOf('Acme Corp', batch, 'exact', entityKey), 1);
    assert.equal(batchIndexOf('acme corp.', batch, 'exact', entityKey), -1);
    assert.equal(batchIndexOf('acme corp.', batch, 'auto', entityKey), 1);
    assert.equal(batchIndexOf('Acme', batch, 'auto', entityKey), 1);
    assert.equal(batchIndexOf('Carol', batch, 'auto', entityKey), -1);
  });
});

describe('values are not things', () => {
  test('dates, amounts, units and links are values by type or by how the name is written', () => {
    for (const name of ['4 March 2026', 'March 4, 2026', '2026-03-04', 'Tuesday', 'MB', '500 MB', '3 GHz', '$40', '€1,200', '10%']) {
      assert.equal(isValueEntity(name, 'other'), true, name);
    }
    assert.equal(isValueEntity('next week', 'date'), true);
    assert.equal(isValueEntity('https://example.org', 'url'), true);
  });

  test('names with digits or short capitals stay things', () => {
    for (const name of ['Heron', 'Backblaze B2', 'S3', '1Password', 'X', 'M&S', 'Air India', 'Boston Marathon', 'May']) {
      assert.equal(isValueEntity(name, 'organization'), false, name);
    }
  });
});

describe('valueTypeOfName', () => {
  test('dates, amounts, units and the word for links are values, names of things are not', () => {
    assert.equal(valueTypeOfName('4 March 2026'), 'date');
    assert.equal(valueTypeOfName('2026-03-04'), 'date');
    assert.equal(valueTypeOfName('2019'), 'date');
    assert.equal(valueTypeOfName('$40'), 'money');
    assert.equal(valueTypeOfName('40 euros'), 'money');
    assert.equal(valueTypeOfName('MB'), 'quantity');
    assert.equal(valueTypeOfName('500 MB'), 'quantity');
    assert.equal(valueTypeOfName('URLs'), 'url');
    for (const name of ['Heron', 'Backblaze B2', 'Route 53', 'Windows 11', 'May']) assert.equal(valueTypeOfName(name), null, name);
  });
});
