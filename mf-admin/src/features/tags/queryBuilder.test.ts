import { TAG_QUERY_FIELDS } from '@agency/contracts';
import {
  OPERATORS_BY_TYPE,
  UnsupportedQuery,
  emptyQuery,
  fromMongo,
  isValidQuery,
  toMongo,
  toQueryObj,
  type Operator,
  type QueryGroup,
  type QueryRule,
} from './queryBuilder';

const rule = (field: string, operator: Operator, value: string | string[]): QueryRule => ({ kind: 'rule', id: `${field}${operator}`, field, operator, value });
const group = (combinator: 'and' | 'or', rules: QueryGroup['rules'], record?: QueryGroup['record']): QueryGroup => ({
  kind: 'group',
  id: 'g',
  combinator,
  rules,
  record,
});
/** The model without its generated ids, to compare two parses. */
const shape = (g: QueryGroup): unknown => ({
  combinator: g.combinator,
  record: g.record,
  rules: g.rules.map((r) => (r.kind === 'rule' ? [r.field, r.operator, r.value] : shape(r))),
});

test('state equals TX is the filter the server counts', () => {
  const q = group('and', [rule('addresses.state', 'eq', 'TX')]);
  expect(toMongo(q)).toEqual({ 'addresses.state': 'TX' });
  expect(toQueryObj(q)).toEqual({ value: q, mongodb: '{"addresses.state":"TX"}', isValid: true });
});

test('each operator writes its MongoDB form', () => {
  const cases: Array<[QueryRule, unknown]> = [
    [rule('lastName', 'ne', 'Smith'), { lastName: { $ne: 'Smith' } }],
    [rule('companyName', 'contains', 'a.b (c)'), { companyName: { $regex: 'a\\.b \\(c\\)', $options: 'i' } }],
    [rule('firstName', 'beginsWith', 'Jo'), { firstName: { $regex: '^Jo', $options: 'i' } }],
    [rule('firstName', 'matches', '^J.*s$'), { firstName: { $regex: '^J.*s$' } }],
    [rule('policies.type', 'in', ['Auto', 'Home']), { 'policies.type': { $in: ['Auto', 'Home'] } }],
    [rule('militaryStatus', 'nin', ['None']), { militaryStatus: { $nin: ['None'] } }],
    [rule('age', 'gte', '65'), { age: { $gte: 65 } }],
    [rule('lastContactedDays', 'lt', ' 30 '), { lastContactedDays: { $lt: 30 } }],
    [rule('dob', 'lte', '1960-01-31'), { dob: { $lte: '1960-01-31' } }],
    [rule('occupation', 'empty', ''), { occupation: { $exists: false } }],
    [rule('tags.name', 'notEmpty', ''), { 'tags.name': { $exists: true } }],
  ];
  for (const [r, expected] of cases) expect(toMongo(group('and', [r]))).toEqual(expected);
});

test('all-groups merge different fields, repeat a field under $and; any-groups use $or; record groups use $elemMatch', () => {
  expect(toMongo(group('and', [rule('addresses.state', 'eq', 'TX'), rule('age', 'gte', '65')]))).toEqual({ 'addresses.state': 'TX', age: { $gte: 65 } });
  expect(toMongo(group('and', [rule('age', 'gte', '30'), rule('age', 'lt', '40')]))).toEqual({ $and: [{ age: { $gte: 30 } }, { age: { $lt: 40 } }] });
  expect(toMongo(group('or', [rule('firstName', 'eq', 'James'), rule('firstName', 'eq', 'Maria')]))).toEqual({
    $or: [{ firstName: 'James' }, { firstName: 'Maria' }],
  });
  const nested = group('and', [
    rule('age', 'gte', '65'),
    group('or', [rule('addresses.city', 'eq', 'Austin'), rule('addresses.city', 'eq', 'Dallas')]),
    group('and', [rule('addresses.type', 'eq', 'Physical'), rule('addresses.state', 'eq', 'TX')], 'addresses'),
  ]);
  expect(toMongo(nested)).toEqual({
    $and: [
      { age: { $gte: 65 } },
      { $or: [{ 'addresses.city': 'Austin' }, { 'addresses.city': 'Dallas' }] },
      { addresses: { $elemMatch: { type: 'Physical', state: 'TX' } } },
    ],
  });
});

test('round-trips an existing dynamic tag exactly (the seeded Texas tag)', () => {
  const texas = JSON.stringify({ addresses: { $elemMatch: { type: 'Physical', state: 'TX' } } });
  const parsed = fromMongo(texas);
  expect(shape(parsed)).toEqual({
    combinator: 'and',
    record: 'addresses',
    rules: [
      ['addresses.type', 'eq', 'Physical'],
      ['addresses.state', 'eq', 'TX'],
    ],
  });
  expect(JSON.stringify(toMongo(parsed))).toBe(texas);
});

test('what the builder writes reads back to the same rules and the same filter', () => {
  const q = group('or', [
    rule('companyName', 'contains', 'Plumbing (LLC)'),
    rule('firstName', 'beginsWith', 'Jo'),
    group('and', [rule('dob', 'lt', '1960-01-01'), rule('militaryStatus', 'in', ['Past', 'Present']), rule('occupation', 'notEmpty', '')]),
    group('and', [rule('policies.type', 'eq', 'Auto'), rule('policies.termDate', 'gte', '2026-01-01')], 'policies'),
  ]);
  const written = toMongo(q);
  const back = fromMongo(JSON.stringify(written));
  expect(shape(back)).toEqual(shape(q));
  expect(toMongo(back)).toEqual(written);
});

test('reads forms the builder does not write: $eq, several operators on a field, US dates', () => {
  expect(shape(fromMongo('{"age":{"$gte":30,"$lt":40}}'))).toEqual({
    combinator: 'and',
    record: undefined,
    rules: [
      ['age', 'gte', '30'],
      ['age', 'lt', '40'],
    ],
  });
  expect(shape(fromMongo('{"aflliateOn":{"$eq":"03/05/2024"}}'))).toEqual({
    combinator: 'and',
    record: undefined,
    rules: [['aflliateOn', 'eq', '2024-03-05']],
  });
  expect(shape(fromMongo('{"$and":[{"age":{"$gte":65}},{"addresses.state":"TX"}]}'))).toEqual({
    combinator: 'and',
    record: undefined,
    rules: [
      ['age', 'gte', '65'],
      ['addresses.state', 'eq', 'TX'],
    ],
  });
});

test('a query it cannot show is reported, not guessed', () => {
  for (const q of ['{"$nor":[{"age":1}]}', '{"password":"x"}', '{"age":{"$not":{"$gt":3}}}', 'not json', '{}', '{"addresses":{"state":"TX"}}']) {
    expect(() => fromMongo(q)).toThrow(UnsupportedQuery);
  }
});

test('a query is valid only with every rule complete', () => {
  expect(isValidQuery(emptyQuery())).toBe(false);
  expect(isValidQuery(group('and', []))).toBe(false);
  expect(isValidQuery(group('and', [rule('addresses.state', 'eq', 'TX')]))).toBe(true);
  expect(isValidQuery(group('and', [rule('age', 'gte', 'old')]))).toBe(false);
  expect(isValidQuery(group('and', [rule('dob', 'gte', '01/02/2020')]))).toBe(false);
  expect(isValidQuery(group('and', [rule('firstName', 'matches', '(')]))).toBe(false);
  expect(isValidQuery(group('and', [rule('firstName', 'in', [])]))).toBe(false);
  expect(isValidQuery(group('and', [rule('firstName', 'empty', '')]))).toBe(true);
  expect(isValidQuery(group('and', [rule('nope', 'eq', 'x')]))).toBe(false);
  expect(isValidQuery(group('and', [rule('age', 'contains', '3')]))).toBe(false);
  expect(isValidQuery(group('and', [rule('age', 'gte', '3'), group('or', [])]))).toBe(false);
});

test('every field offered has operators', () => {
  for (const f of TAG_QUERY_FIELDS) expect(OPERATORS_BY_TYPE[f.type].length).toBeGreaterThan(0);
});
