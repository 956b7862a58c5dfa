import type { SeedQuestion } from './types';

/** Written for Skillroute: the Python skill test, on the data model, scoping, generators, concurrency and asyncio. */
export const pythonQuestions: readonly SeedQuestion[] = [
  {
    text: 'Given def add(item, items=[]): items.append(item); return items, what does print(add(2)) show after a first call add(1)?',
    options: [
      { text: '[2]', isCorrect: false },
      { text: '[1, 2]', isCorrect: true },
      { text: '[[1], 2]', isCorrect: false },
      { text: 'A TypeError, because lists cannot be default values', isCorrect: false },
    ],
  },
  {
    text: 'What is the usual way to give a function a fresh empty list as the default value of a parameter?',
    options: [
      {
        text: 'Write items=list() instead of items=[], since a call is evaluated each time',
        isCorrect: false,
      },
      { text: 'Write items=[][:] so the default list is copied on each call', isCorrect: false },
      { text: 'Default to None and create the list inside when the argument is None', isCorrect: true },
      { text: 'Declare items as global inside the function so it is reset', isCorrect: false },
    ],
  },
  {
    text: 'What happens when you call a function whose body contains yield?',
    options: [
      { text: 'The body runs up to the first yield and returns that value to the caller', isCorrect: false },
      { text: 'The body runs to the end and returns a list of all the yielded values', isCorrect: false },
      { text: 'A SyntaxError is raised unless the function is also declared async', isCorrect: false },
      { text: 'A generator is returned; the body runs only as values are requested', isCorrect: true },
    ],
  },
  {
    text: 'What does this print? g = (x * x for x in range(3)); print(sum(g), sum(g))',
    options: [
      { text: '5 5', isCorrect: false },
      { text: '0 5', isCorrect: false },
      { text: '5 0', isCorrect: true },
      { text: 'A TypeError on the second sum', isCorrect: false },
    ],
  },
  {
    text: 'On the standard CPython build, what does the global interpreter lock (GIL) mean for pure-Python, CPU-bound work split across threads?',
    options: [
      {
        text: 'Only one thread runs bytecode at a time, so threads rarely help; use processes',
        isCorrect: true,
      },
      {
        text: 'Each thread runs on its own core in parallel, so the work scales with the cores',
        isCorrect: false,
      },
      { text: 'Threads cannot be started at all while another thread holds the GIL', isCorrect: false },
      {
        text: 'Every compound operation such as x += 1 becomes atomic, so locks are never needed',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'Why can threads still speed up I/O-bound programs in CPython, despite the GIL?',
    options: [
      { text: 'I/O-bound code is compiled to machine code that does not need the GIL', isCorrect: false },
      { text: 'Blocking I/O calls release the GIL while waiting, so others can run', isCorrect: true },
      { text: 'The GIL is switched off automatically as soon as a socket is opened', isCorrect: false },
      { text: 'Threads doing I/O are moved to separate processes by the interpreter', isCorrect: false },
    ],
  },
  {
    text: 'What does decorating a wrapper function with @functools.wraps(func) achieve inside a decorator?',
    options: [
      { text: 'It makes the wrapper faster by caching the results of each call', isCorrect: false },
      { text: 'It lets the decorator be used both with and without arguments', isCorrect: false },
      { text: 'It copies __name__, __doc__ and similar metadata onto the wrapper', isCorrect: true },
      { text: 'It checks that the wrapper accepts exactly the same arguments as func', isCorrect: false },
    ],
  },
  {
    text: 'When does the function my_decorator run for code written as @my_decorator above def handler(): ...?',
    options: [
      { text: 'Every time handler is called, just before its body runs', isCorrect: false },
      { text: 'Only the first time handler is called, then the result is cached', isCorrect: false },
      { text: 'When the program exits, to clean up decorated functions', isCorrect: false },
      { text: 'Once, when the def statement runs, usually at import time', isCorrect: true },
    ],
  },
  {
    text: 'Which is a valid reason to use a tuple instead of a list?',
    options: [
      { text: 'A tuple of hashable items is hashable, so it can be a dict key', isCorrect: true },
      { text: 'Tuples can be sorted in place, while lists must be copied to sort', isCorrect: false },
      { text: 'Tuples can grow with append without copying their items', isCorrect: false },
      { text: 'Tuples deep-copy their contents, so lists inside them cannot change', isCorrect: false },
    ],
  },
  {
    text: 't = ([1, 2],) and then t[0] += [3] is executed. What is the outcome?',
    options: [
      { text: 'It succeeds silently and t becomes ([1, 2, 3],)', isCorrect: false },
      { text: 'A TypeError is raised and t is left exactly as it was', isCorrect: false },
      { text: 'A TypeError is raised, yet t[0] is [1, 2, 3] afterwards', isCorrect: true },
      { text: 't becomes ([1, 2], 3), since += appends to the tuple', isCorrect: false },
    ],
  },
  {
    text: 'Since Python 3.7, what does the language guarantee about the order of keys in a dict?',
    options: [
      { text: 'Keys are kept sorted', isCorrect: false },
      { text: 'There is no guarantee, the order depends on the hash values', isCorrect: false },
      { text: 'The order is guaranteed only for string keys', isCorrect: false },
      { text: 'Keys are kept in insertion order', isCorrect: true },
    ],
  },
  {
    text: 'After d = {"a": 1, "b": 2} and then d["a"] = 3, what is list(d)?',
    options: [
      { text: '["b", "a"], because an updated key moves to the end', isCorrect: false },
      { text: '["a", "b"]: changing a value keeps the key in place', isCorrect: true },
      { text: '[3, 2], because list(d) returns the values', isCorrect: false },
      { text: '["a", "b", "a"], because the update adds a second entry', isCorrect: false },
    ],
  },
  {
    text: 'In with open(path) as f: ..., when is the file closed?',
    options: [
      { text: 'When the block ends for any reason, even an exception', isCorrect: true },
      { text: 'Only when the block ends normally; an exception leaves it open', isCorrect: false },
      { text: 'When f is garbage collected, at some later point', isCorrect: false },
      { text: 'At the end of the function that contains the with block', isCorrect: false },
    ],
  },
  {
    text: 'An exception is raised inside a with block, and the context manager __exit__ method returns True. What happens?',
    options: [
      { text: 'The exception propagates as usual; the return value is ignored', isCorrect: false },
      { text: 'The with block is run again from the start, once', isCorrect: false },
      { text: 'The exception is suppressed and execution continues after the block', isCorrect: true },
      { text: 'A RuntimeError is raised in place of the original exception', isCorrect: false },
    ],
  },
  {
    text: 'What is the difference between the is and == operators?',
    options: [
      { text: 'They are the same, but is is faster because it skips __eq__', isCorrect: false },
      { text: 'is compares values for built-in types, and == compares identity', isCorrect: false },
      { text: 'is only works with numbers and strings, == works with anything', isCorrect: false },
      { text: 'is tests for the same object; == compares values via __eq__', isCorrect: true },
    ],
  },
  {
    text: 'Why is x is None preferred over x == None?',
    options: [
      { text: 'None is a singleton, and is cannot be fooled by a custom __eq__', isCorrect: true },
      { text: 'x == None raises a TypeError for most objects that are not None', isCorrect: false },
      { text: 'x == None is always False, even when x is None', isCorrect: false },
      { text: 'is None also matches empty strings, zero and empty lists', isCorrect: false },
    ],
  },
  {
    text: 'At module level, x = 10 and then squares = [x * x for x in range(3)] are executed in Python 3. What is the value of x afterwards?',
    options: [
      { text: '2', isCorrect: false },
      { text: '10', isCorrect: true },
      { text: '4', isCorrect: false },
      { text: 'x is deleted, so reading it raises a NameError', isCorrect: false },
    ],
  },
  {
    text: 'What does this print? fs = [lambda: i for i in range(3)]; print([f() for f in fs])',
    options: [
      { text: '[0, 1, 2]', isCorrect: false },
      { text: '[0, 0, 0]', isCorrect: false },
      { text: '[2, 2, 2]', isCorrect: true },
      { text: 'A NameError, because i no longer exists', isCorrect: false },
    ],
  },
  {
    text: 'An asyncio coroutine calls time.sleep(2) instead of await asyncio.sleep(2). What is the effect?',
    options: [
      { text: 'None, asyncio patches time.sleep to be non-blocking', isCorrect: false },
      { text: 'Only that coroutine waits; the others keep running', isCorrect: false },
      {
        text: 'A RuntimeError is raised because blocking calls are forbidden in coroutines',
        isCorrect: false,
      },
      {
        text: 'The whole event loop is blocked for two seconds, so no other task runs meanwhile',
        isCorrect: true,
      },
    ],
  },
  {
    text: 'What happens when you call an async def function without awaiting the result or scheduling it as a task?',
    options: [
      { text: 'The function starts running in the background on the event loop', isCorrect: false },
      { text: 'A coroutine object is made but never run, and Python warns about it', isCorrect: true },
      { text: 'The function runs synchronously, as if it were not declared async', isCorrect: false },
      { text: 'A SyntaxError is raised, because async functions must be awaited', isCorrect: false },
    ],
  },
  {
    text: 'What does results = await asyncio.gather(fetch_a(), fetch_b()) do?',
    options: [
      { text: 'It runs fetch_a to completion first, and only then starts fetch_b', isCorrect: false },
      { text: 'It runs both coroutines in separate processes and joins them', isCorrect: false },
      { text: 'It runs both concurrently and returns their results in call order', isCorrect: true },
      { text: 'It returns the result of whichever finishes first and cancels the other', isCorrect: false },
    ],
  },
  {
    text: 'a = [[1, 2], [3]]; b = a.copy(); b[0].append(9). What is a now?',
    options: [
      { text: '[[1, 2], [3]]', isCorrect: false },
      { text: '[[1, 2, 9], [3]]', isCorrect: true },
      { text: '[[1, 2], [3], 9]', isCorrect: false },
      { text: '[[1, 2, 9], [3, 9]]', isCorrect: false },
    ],
  },
  {
    text: 'grid = [[0] * 3] * 3; grid[0][0] = 1; print(grid) prints what?',
    options: [
      { text: '[[1, 0, 0], [0, 0, 0], [0, 0, 0]]', isCorrect: false },
      { text: '[[1, 1, 1], [0, 0, 0], [0, 0, 0]]', isCorrect: false },
      { text: '[[1, 0, 0], [1, 0, 0], [1, 0, 0]]', isCorrect: true },
      { text: 'A TypeError, because lists cannot be multiplied', isCorrect: false },
    ],
  },
  {
    text: 'Given def f(a, *args, b=2, **kwargs), what are args and b inside the call f(1, 2, 3, c=4)?',
    options: [
      { text: 'args is (3,) and b is 2', isCorrect: false },
      { text: 'args is (2, 3) and b is 4', isCorrect: false },
      { text: 'A TypeError, because b receives two values', isCorrect: false },
      { text: 'args is (2, 3) and b is 2', isCorrect: true },
    ],
  },
  {
    text: 'class Basket: items = []. Then a = Basket(); b = Basket(); a.items.append("apple"). What is b.items?',
    options: [
      { text: '["apple"]: items is a class attribute shared by all instances', isCorrect: true },
      { text: '[], because each instance gets its own copy of the class list', isCorrect: false },
      { text: 'An AttributeError, because items was never assigned on b', isCorrect: false },
    ],
  },
  {
    text: 'Class A defines hi() returning "A". Class B(A) adds nothing. Class C(A) overrides hi() to return "C". Given class D(B, C): pass, what does D().hi() return?',
    options: [
      { text: '"A", because B inherits hi from A and B comes first', isCorrect: false },
      { text: '"C", because the method resolution order is D, B, C, A', isCorrect: true },
      { text: 'A TypeError, because the hierarchy is a diamond', isCorrect: false },
      { text: 'Either, depending on the order in which the classes were defined', isCorrect: false },
    ],
  },
  {
    text: 'x = 1 at module level, then def f(): print(x); x = 2. What happens when f() is called?',
    options: [
      { text: 'It prints 1, then creates a local x set to 2, leaving the global alone', isCorrect: false },
      { text: 'It prints 2, because the assignment is hoisted above the print', isCorrect: false },
      { text: 'It prints 1 and changes the global x to 2', isCorrect: false },
      { text: 'UnboundLocalError: the assignment makes x local to the whole body', isCorrect: true },
    ],
  },
  {
    text: 'A function has a try block that does return 1 and a finally block that does return 2. What does a call to it return?',
    options: [
      { text: '1', isCorrect: false },
      { text: '2', isCorrect: true },
      { text: '(1, 2)', isCorrect: false },
      { text: 'None', isCorrect: false },
    ],
  },
  {
    text: 'How does a for loop obtain items from an object and know when to stop?',
    options: [
      { text: 'It calls len() once, then indexes from 0 up to len - 1', isCorrect: false },
      { text: 'It gets an iterator with iter(), then calls next() until StopIteration', isCorrect: true },
      { text: 'It copies the object into a list first, then walks through the list', isCorrect: false },
      { text: 'It calls next() on the object until next() returns None', isCorrect: false },
    ],
  },
  {
    text: 'What happens when this class is defined? @dataclass class Cart: items: list = []',
    options: [
      { text: 'Every Cart shares the same list, like a plain class attribute would', isCorrect: false },
      { text: 'Each Cart gets its own fresh copy of the empty list', isCorrect: false },
      { text: 'A ValueError is raised at once, suggesting default_factory', isCorrect: true },
      { text: 'The field is silently turned into an empty tuple to stay immutable', isCorrect: false },
    ],
  },
];
