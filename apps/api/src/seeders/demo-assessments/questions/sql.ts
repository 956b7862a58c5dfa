import type { SeedQuestion } from './types';

/** Written for Skillroute: the SQL skill test, on standard SQL and PostgreSQL: joins, NULLs, grouping, indexes, transactions and window functions. */
export const sqlQuestions: readonly SeedQuestion[] = [
  {
    text: "SELECT c.name, o.id FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE o.status = 'paid'. What happens to customers who have no orders?",
    options: [
      { text: 'They appear once, with o.id set to NULL, as in any LEFT JOIN', isCorrect: false },
      { text: 'They are dropped: o.status is NULL for them, so WHERE filters them out', isCorrect: true },
      { text: 'They appear once for each paid order placed by other customers', isCorrect: false },
      { text: 'The query fails, since a LEFT JOIN cannot be filtered on its right side', isCorrect: false },
    ],
  },
  {
    text: 'Which query returns the rows where the column deleted_at has no value?',
    options: [
      { text: 'SELECT * FROM t WHERE deleted_at = NULL', isCorrect: false },
      { text: "SELECT * FROM t WHERE deleted_at = ''", isCorrect: false },
      { text: 'SELECT * FROM t WHERE deleted_at IS NULL', isCorrect: true },
      { text: 'SELECT * FROM t WHERE NOT deleted_at', isCorrect: false },
    ],
  },
  {
    text: 'SELECT * FROM a WHERE a.id NOT IN (SELECT b.a_id FROM b). One row of b has a_id set to NULL. What does the query return?',
    options: [
      { text: 'The rows of a whose id does not appear in b, as you would expect', isCorrect: false },
      { text: 'All rows of a', isCorrect: false },
      { text: 'An error, because a subquery cannot return NULL', isCorrect: false },
      { text: 'No rows, because id NOT IN a list containing NULL is never true', isCorrect: true },
    ],
  },
  {
    text: 'What is the difference between COUNT(*) and COUNT(email)?',
    options: [
      { text: 'COUNT(*) counts rows; COUNT(email) skips rows where email is NULL', isCorrect: true },
      { text: 'COUNT(email) counts only the distinct values found in email', isCorrect: false },
      { text: 'There is none: both count every row of the table or group', isCorrect: false },
      { text: 'COUNT(*) skips any row that has a NULL in one of its columns', isCorrect: false },
    ],
  },
  {
    text: 'What is the difference between WHERE and HAVING?',
    options: [
      { text: 'HAVING is an older spelling of WHERE, kept for compatibility', isCorrect: false },
      { text: 'WHERE filters rows before grouping; HAVING filters the groups', isCorrect: true },
      { text: 'WHERE can use aggregates such as SUM, while HAVING cannot', isCorrect: false },
      { text: 'HAVING can only be used in queries that also have ORDER BY', isCorrect: false },
    ],
  },
  {
    text: 'In PostgreSQL, what happens with SELECT department, name, COUNT(*) FROM employees GROUP BY department, where department is not a key of employees?',
    options: [
      { text: 'It returns the first name it finds in each department, with the count', isCorrect: false },
      { text: 'It returns an arbitrary name from each department, with the count', isCorrect: false },
      { text: 'It returns one row per employee, each with a count of 1', isCorrect: false },
      { text: 'It fails: name is neither grouped nor inside an aggregate', isCorrect: true },
    ],
  },
  {
    text: 'A table has a B-tree index on (last_name, first_name). Which filter is best served by this index?',
    options: [
      { text: "WHERE first_name = 'Ann'", isCorrect: false },
      { text: "WHERE last_name = 'Smith'", isCorrect: true },
      { text: "WHERE last_name LIKE '%mith'", isCorrect: false },
      { text: "WHERE lower(last_name) = 'smith'", isCorrect: false },
    ],
  },
  {
    text: "There is an index on orders(created_at), a timestamp column, but WHERE date(created_at) = '2024-03-01' does not use it. Why, and what helps?",
    options: [
      { text: 'Timestamps cannot be indexed with a B-tree; add a date column', isCorrect: false },
      { text: 'The planner never uses indexes for equality; use BETWEEN instead', isCorrect: false },
      {
        text: 'The index is on created_at, not date(created_at); use a range or an expression index',
        isCorrect: true,
      },
      { text: 'The index is corrupt and must be rebuilt with REINDEX first', isCorrect: false },
    ],
  },
  {
    text: 'What is a cost of adding another index to a table?',
    options: [
      { text: 'SELECT queries that do not use the new index become slower', isCorrect: false },
      { text: 'The table cannot be updated at all while the index exists', isCorrect: false },
      { text: 'None: once it has been built, an index costs nothing more', isCorrect: false },
      { text: 'Slower writes and more storage, since every change updates it', isCorrect: true },
    ],
  },
  {
    text: 'In PostgreSQL, a statement fails inside a transaction started with BEGIN. What happens when the next statement of that transaction is sent?',
    options: [
      { text: 'It fails too: the transaction is aborted until it is rolled back', isCorrect: true },
      { text: 'It runs normally, because only the failed statement is undone', isCorrect: false },
      { text: 'PostgreSQL commits the earlier statements and starts a new transaction', isCorrect: false },
      { text: 'The server closes the connection, and the client must reconnect', isCorrect: false },
    ],
  },
  {
    text: 'Under the default isolation level of PostgreSQL (READ COMMITTED), what does each statement of a transaction see?',
    options: [
      { text: 'One snapshot taken when the transaction began, for all its statements', isCorrect: false },
      { text: 'Changes of other transactions, including ones not yet committed', isCorrect: false },
      { text: 'Data committed before the statement began, so a repeated query can differ', isCorrect: true },
      { text: 'Only the rows its own transaction has written or read before', isCorrect: false },
    ],
  },
  {
    text: 'In a PostgreSQL REPEATABLE READ transaction, you update a row that another transaction updated and committed after your snapshot was taken. What happens?',
    options: [
      { text: 'Your update silently overwrites the change made by the other transaction', isCorrect: false },
      {
        text: 'Your update fails with a serialization error, and the transaction should be retried',
        isCorrect: true,
      },
      { text: 'It waits, then applies to the newest row version, as in READ COMMITTED', isCorrect: false },
      {
        text: 'Your update is skipped without any error, and the row keeps the other value',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'What does SELECT ... FOR UPDATE do in PostgreSQL?',
    options: [
      { text: 'It locks the whole table, not just the rows, until the transaction ends', isCorrect: false },
      { text: 'It blocks plain SELECTs of those rows by other transactions', isCorrect: false },
      { text: 'It updates the rows it selects with the values given later', isCorrect: false },
      {
        text: 'It locks those rows against changes and other row locks until the transaction ends',
        isCorrect: true,
      },
    ],
  },
  {
    text: 'Can a transaction set to READ UNCOMMITTED in PostgreSQL see changes that other transactions have not committed (dirty reads)?',
    options: [
      { text: 'Yes, that is the whole purpose of the level', isCorrect: false },
      { text: 'No, it behaves exactly like READ COMMITTED', isCorrect: true },
      { text: 'Only for tables that have no primary key', isCorrect: false },
      { text: 'Only inside functions written in PL/pgSQL', isCorrect: false },
    ],
  },
  {
    text: 'How does SUM(amount) OVER (PARTITION BY customer_id) differ from SUM(amount) with GROUP BY customer_id?',
    options: [
      { text: 'The window form keeps every row and adds the total beside it', isCorrect: true },
      { text: 'The window form is an older syntax for exactly the same GROUP BY', isCorrect: false },
      { text: 'The window form sums all customers together, ignoring the partition', isCorrect: false },
      { text: 'GROUP BY keeps every row, while the window form collapses them', isCorrect: false },
    ],
  },
  {
    text: 'Scores 100, 90, 90 and 80 are ranked with RANK() OVER (ORDER BY score DESC). Which ranks are produced?',
    options: [
      { text: '1, 2, 3, 4', isCorrect: false },
      { text: '1, 2, 2, 3', isCorrect: false },
      { text: '1, 2, 2, 4', isCorrect: true },
      { text: '1, 1, 2, 3', isCorrect: false },
    ],
  },
  {
    text: 'SUM(amount) OVER (ORDER BY day) is used as a running total, and several rows share the same day. What do those rows show?',
    options: [
      { text: 'Each row adds only its own amount to the total of the row before it', isCorrect: false },
      { text: 'The grand total of the whole table, repeated on every row', isCorrect: false },
      { text: 'An error, because a window ORDER BY needs unique values', isCorrect: false },
      { text: 'The same total: the default RANGE frame includes ties on day', isCorrect: true },
    ],
  },
  {
    text: 'Why is WHERE ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY created_at DESC) = 1 rejected?',
    options: [
      { text: 'Window functions run after WHERE; filter in an outer query or a CTE', isCorrect: true },
      { text: 'ROW_NUMBER can only be used together with a GROUP BY clause', isCorrect: false },
      { text: 'ROW_NUMBER returns a bigint, which cannot be compared with 1', isCorrect: false },
      { text: 'PARTITION BY and ORDER BY cannot appear in the same window', isCorrect: false },
    ],
  },
  {
    text: 'What does LAG(price) OVER (ORDER BY day) return on the first row?',
    options: [
      { text: '0, the neutral value for prices', isCorrect: false },
      { text: 'The price of that same first row', isCorrect: false },
      { text: 'NULL, unless a default is given as the third argument', isCorrect: true },
      { text: 'The price of the last row, since the window wraps around', isCorrect: false },
    ],
  },
  {
    text: 'A PostgreSQL column email has a plain UNIQUE constraint. Can two rows both have email set to NULL?',
    options: [
      { text: 'No: UNIQUE forbids any repeated value, and that includes NULL', isCorrect: false },
      { text: 'Yes, NULLs count as distinct unless NULLS NOT DISTINCT is set', isCorrect: true },
      { text: 'Only when the rows are inserted in separate transactions', isCorrect: false },
      { text: 'Only one NULL is allowed per table, the second is rejected', isCorrect: false },
    ],
  },
  {
    text: 'orders.customer_id references customers(id) with no ON DELETE clause. What happens when you delete a customer who still has orders?',
    options: [
      { text: 'The orders are deleted too', isCorrect: false },
      { text: 'The customer_id of the orders is set to NULL', isCorrect: false },
      { text: 'The customer is deleted and the orders keep pointing to a missing row', isCorrect: false },
      { text: 'The delete fails with a foreign key violation', isCorrect: true },
    ],
  },
  {
    text: 'A column has CHECK (price > 0). What happens when a row is inserted with price set to NULL?',
    options: [
      { text: 'It succeeds: CHECK only rejects false, and NULL > 0 is unknown', isCorrect: true },
      { text: 'It fails, because NULL is not greater than 0', isCorrect: false },
      { text: 'NULL is turned into 0 first, so the insert fails the check', isCorrect: false },
      { text: 'It succeeds, and price is stored as the smallest valid value', isCorrect: false },
    ],
  },
  {
    text: 'Does PostgreSQL create an index on the referencing column of a foreign key, such as orders.customer_id?',
    options: [
      { text: 'Yes, always, as part of creating the foreign key', isCorrect: false },
      { text: 'Yes, but only when ON DELETE CASCADE is declared', isCorrect: false },
      { text: 'No; add one yourself if you join on it or delete parents', isCorrect: true },
      { text: 'No, because foreign key columns can never be indexed', isCorrect: false },
    ],
  },
  {
    text: 'What are SELECT 5 + NULL and SELECT SUM(x) FROM (VALUES (5), (NULL)) AS t(x)?',
    options: [
      { text: '5 and 5', isCorrect: false },
      { text: 'NULL and NULL', isCorrect: false },
      { text: 'NULL and 5', isCorrect: true },
      { text: '5 and NULL', isCorrect: false },
    ],
  },
  {
    text: 'Table a has two rows with key = 1, table b has three rows with key = 1, and no other rows. How many rows does a JOIN b ON a.key = b.key return?',
    options: [
      { text: '1', isCorrect: false },
      { text: '3', isCorrect: false },
      { text: '5', isCorrect: false },
      { text: '6', isCorrect: true },
    ],
  },
  {
    text: 'Why does SELECT price * quantity AS total FROM items WHERE total > 100 fail in PostgreSQL?',
    options: [
      { text: 'Column aliases must always be written in double quotes', isCorrect: false },
      { text: 'WHERE runs before the select list, so total is not defined yet', isCorrect: true },
      { text: 'Arithmetic is not allowed in the select list of a filtered query', isCorrect: false },
      { text: 'total is a reserved word and cannot be used as an alias', isCorrect: false },
    ],
  },
  {
    text: 'What does EXPLAIN ANALYZE do that plain EXPLAIN does not?',
    options: [
      {
        text: 'It runs the query and reports the real row counts and timings next to the estimates',
        isCorrect: true,
      },
      { text: 'It rewrites the query into a faster form', isCorrect: false },
      { text: 'It updates the table statistics, like ANALYZE', isCorrect: false },
      {
        text: 'It shows the plan without running anything, like EXPLAIN but in more detail',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'In PostgreSQL, where do NULL values appear with ORDER BY score ASC, when no NULLS FIRST or NULLS LAST is given?',
    options: [
      { text: 'First', isCorrect: false },
      { text: 'Last', isCorrect: true },
      { text: 'Wherever they were inserted', isCorrect: false },
      { text: 'They are left out of the result', isCorrect: false },
    ],
  },
  {
    text: 'Two PostgreSQL transactions each hold a row lock the other one is waiting for. What happens?',
    options: [
      { text: 'Both wait forever unless a statement timeout is configured', isCorrect: false },
      { text: 'Both transactions are rolled back and must be retried', isCorrect: false },
      { text: 'PostgreSQL detects it and aborts one of them with an error', isCorrect: true },
      { text: 'The older transaction takes over the lock of the newer one', isCorrect: false },
    ],
  },
  {
    text: 'Why does an UPDATE in PostgreSQL leave a dead row version behind that VACUUM later cleans up?',
    options: [
      { text: 'Because UPDATE is a DELETE plus an INSERT that VACUUM must confirm', isCorrect: false },
      {
        text: 'Because MVCC writes a new version and keeps the old one for older snapshots',
        isCorrect: true,
      },
      { text: 'Because every old version is kept forever for point-in-time recovery', isCorrect: false },
      { text: 'Because indexes cannot point to rows that were updated in place', isCorrect: false },
    ],
  },
];
