import type { SeedQuestion } from './types';

/** Written for Skillroute: the Node.js skill test, on the event loop, streams, modules and error handling. */
export const nodeQuestions: readonly SeedQuestion[] = [
  {
    text: 'Inside the callback of fs.readFile, the code calls setTimeout(() => console.log("timeout"), 0) and then setImmediate(() => console.log("immediate")). What is printed?',
    options: [
      { text: 'timeout, then immediate, always', isCorrect: false },
      { text: 'immediate, then timeout, always', isCorrect: true },
      { text: 'Either order, depending on how busy the machine is', isCorrect: false },
      { text: 'Only immediate, because a 0 ms timeout inside an I/O callback is dropped', isCorrect: false },
    ],
  },
  {
    text: 'In the main module, outside any I/O callback, a script schedules setTimeout(fn, 0) and then setImmediate(fn2). Which runs first?',
    options: [
      {
        text: 'Always the setTimeout callback, because timers are the first phase of the loop',
        isCorrect: false,
      },
      {
        text: 'Always the setImmediate callback, because it skips the timers phase entirely',
        isCorrect: false,
      },
      { text: 'Both run at the same time, on two different threads of the libuv pool', isCorrect: false },
      { text: 'It is not guaranteed: it depends on how fast the process enters the loop', isCorrect: true },
    ],
  },
  {
    text: 'In a CommonJS script, what is printed by: Promise.resolve().then(() => console.log("promise")); process.nextTick(() => console.log("tick")); console.log("sync");',
    options: [
      { text: 'sync, promise, tick', isCorrect: false },
      { text: 'tick, promise, sync', isCorrect: false },
      { text: 'sync, tick, promise', isCorrect: true },
      { text: 'promise, tick, sync', isCorrect: false },
    ],
  },
  {
    text: 'What risk comes with a function that keeps rescheduling itself with process.nextTick?',
    options: [
      { text: 'It can starve I/O: the nextTick queue is drained before the loop moves on', isCorrect: true },
      {
        text: 'It leaks a thread from the libuv pool on every call until the process runs out',
        isCorrect: false,
      },
      { text: 'Node.js throws a RangeError after 1000 nested nextTick calls', isCorrect: false },
      {
        text: 'None: nextTick callbacks are spread across loop iterations, like setImmediate ones',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'Which list gives the phases of one Node.js event loop iteration in the right order?',
    options: [
      { text: 'poll, timers, idle and prepare, check, pending callbacks, close callbacks', isCorrect: false },
      { text: 'check, poll, timers, idle and prepare, close callbacks, pending callbacks', isCorrect: false },
      { text: 'timers, check, idle and prepare, poll, pending callbacks, close callbacks', isCorrect: false },
      { text: 'timers, pending callbacks, idle and prepare, poll, check, close callbacks', isCorrect: true },
    ],
  },
  {
    text: 'A producer writes to a writable stream and writable.write(chunk) returns false. What should it do?',
    options: [
      { text: 'Write the same chunk again, because it was dropped', isCorrect: false },
      { text: 'Stop writing and wait for the drain event before writing more', isCorrect: true },
      { text: 'Call end(), because the stream has failed', isCorrect: false },
      { text: 'Nothing, false only means the chunk was written synchronously', isCorrect: false },
    ],
  },
  {
    text: 'Why is stream.pipeline() usually preferred over chaining source.pipe(transform).pipe(destination)?',
    options: [
      {
        text: 'pipe() ignores backpressure, so a fast source can fill memory; pipeline() handles it',
        isCorrect: false,
      },
      {
        text: 'pipeline() runs each stream in its own worker thread, so the stages work in parallel',
        isCorrect: false,
      },
      { text: 'It forwards errors and destroys every stream in the chain when one fails', isCorrect: true },
      { text: 'pipe() was removed in Node.js 20 and only remains in older code', isCorrect: false },
    ],
  },
  {
    text: 'What does the highWaterMark option of a stream control?',
    options: [
      {
        text: 'The largest chunk the stream accepts; bigger chunks are rejected with an error',
        isCorrect: false,
      },
      { text: 'The total number of bytes the stream may carry during its whole lifetime', isCorrect: false },
      {
        text: 'How much is buffered before backpressure is signalled: a threshold, not a cap',
        isCorrect: true,
      },
      { text: 'The maximum number of listeners allowed on the stream before a warning', isCorrect: false },
    ],
  },
  {
    text: 'Which workload is a good fit for worker_threads?',
    options: [
      { text: 'Resizing images or hashing large payloads in JavaScript', isCorrect: true },
      { text: 'Running many database queries at the same time through one pool', isCorrect: false },
      { text: 'Waiting on many outgoing HTTP requests to other services', isCorrect: false },
      { text: 'Serving static files from disk to many clients', isCorrect: false },
    ],
  },
  {
    text: 'How does a worker thread exchange data with the main thread?',
    options: [
      {
        text: 'Both share one JavaScript heap, so every object is visible on both sides at once',
        isCorrect: false,
      },
      { text: 'Only through files written to disk and read back by the other thread', isCorrect: false },
      {
        text: 'By messages, copied with structured clone unless buffers are transferred or shared',
        isCorrect: true,
      },
      { text: 'Through process.env, which is shared between all threads and updated live', isCorrect: false },
    ],
  },
  {
    text: 'Which of these is available in an ES module running in Node.js, without any extra setup?',
    options: [
      { text: '__dirname', isCorrect: false },
      { text: 'module.exports', isCorrect: false },
      { text: 'require()', isCorrect: false },
      { text: 'import.meta.url', isCorrect: true },
    ],
  },
  {
    text: 'From a CommonJS file, which way of loading an ES module works in every supported Node.js version?',
    options: [
      { text: 'A dynamic import: await import("./lib.mjs") inside an async function', isCorrect: true },
      {
        text: 'A static import statement at the top of the CommonJS file, as in any module',
        isCorrect: false,
      },
      {
        text: 'require("./lib.mjs"), which loads any ES module, including ones with top-level await',
        isCorrect: false,
      },
      { text: 'Renaming the calling file to .cjs, so that require understands ES modules', isCorrect: false },
    ],
  },
  {
    text: 'A CommonJS module is required from two different files of the same process, both resolving to the same path. How many times does its top-level code run?',
    options: [
      { text: 'Twice, once for each require call, since each file gets its own copy', isCorrect: false },
      { text: 'Once; later calls return the cached module.exports', isCorrect: true },
      { text: 'Never, until one of its exports is actually used by the caller', isCorrect: false },
    ],
  },
  {
    text: 'A CommonJS file contains only the line exports = { answer: 42 }. What does require return for it?',
    options: [
      { text: '{ answer: 42 }, since exports and module.exports are the same thing', isCorrect: false },
      { text: 'undefined, because the file never assigns module.exports', isCorrect: false },
      { text: 'An empty object: the assignment only rebinds the local exports variable', isCorrect: true },
      { text: 'It throws a TypeError, because exports is a read-only binding', isCorrect: false },
    ],
  },
  {
    text: 'What is Buffer.from("héllo").length?',
    options: [
      { text: '5', isCorrect: false },
      { text: '6', isCorrect: true },
      { text: '10', isCorrect: false },
      { text: '12', isCorrect: false },
    ],
  },
  {
    text: 'What is the difference between Buffer.alloc(size) and Buffer.allocUnsafe(size)?',
    options: [
      { text: 'allocUnsafe skips bounds checks, so writing past its end corrupts memory', isCorrect: false },
      {
        text: 'alloc takes memory outside the V8 heap, while allocUnsafe takes it from inside',
        isCorrect: false,
      },
      { text: 'There has been no difference between them since Node.js 10', isCorrect: false },
      { text: 'alloc zero-fills; allocUnsafe may hold old data until overwritten', isCorrect: true },
    ],
  },
  {
    text: 'const part = buf.subarray(0, 4); part[0] = 0; What happens to buf?',
    options: [
      { text: 'Its first byte also becomes 0, since both share memory', isCorrect: true },
      { text: 'Nothing, because subarray returns an independent copy of the bytes', isCorrect: false },
      { text: 'It is truncated to 4 bytes, the length of the subarray', isCorrect: false },
      { text: 'An error is thrown, because subarrays are read-only views', isCorrect: false },
    ],
  },
  {
    text: 'What does the cluster module do?',
    options: [
      { text: 'It creates threads that share one heap, so a server can use several cores', isCorrect: false },
      { text: 'It spreads one process across several machines in a network', isCorrect: false },
      { text: 'It forks worker processes that share a port, to use more CPU cores', isCorrect: true },
      { text: 'It pools database connections so requests can reuse them', isCorrect: false },
    ],
  },
  {
    text: 'In Node.js 15 and later, with default flags, what happens when a rejected promise is never handled?',
    options: [
      {
        text: 'A deprecation warning is printed once and the process keeps running as before',
        isCorrect: false,
      },
      {
        text: 'Nothing: the rejection is silently ignored and the promise is garbage collected',
        isCorrect: false,
      },
      { text: 'The rejection is logged to stderr at exit, and the exit code is unchanged', isCorrect: false },
      {
        text: 'It becomes an uncaught exception and the process exits, unless an unhandledRejection listener is set',
        isCorrect: true,
      },
    ],
  },
  {
    text: 'Why does try { setTimeout(() => { throw new Error("boom"); }, 0); } catch (err) { log(err); } not log the error?',
    options: [
      {
        text: 'The callback runs later on a new call stack, after the try block has finished',
        isCorrect: true,
      },
      {
        text: 'Errors thrown inside arrow functions cannot be caught by an outer try block',
        isCorrect: false,
      },
      { text: 'setTimeout catches and swallows every error thrown by its callback', isCorrect: false },
      { text: 'catch only handles errors thrown as a TypeError or a RangeError', isCorrect: false },
    ],
  },
  {
    text: 'What is wrong with items.forEach(async (item) => { await save(item); }); console.log("all saved");',
    options: [
      { text: 'async functions cannot be passed as callbacks to array methods at all', isCorrect: false },
      {
        text: 'forEach ignores the returned promises, so the log comes first and failures go unhandled',
        isCorrect: true,
      },
      {
        text: 'The saves run strictly one after another, which is slow but otherwise correct',
        isCorrect: false,
      },
      {
        text: 'Nothing: forEach waits for each returned promise before moving to the next item',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'Promise.all([a, b, c]) is awaited and b rejects while a and c are still pending. What happens?',
    options: [
      {
        text: 'It waits for a and c to settle, then rejects with an array of all the errors',
        isCorrect: false,
      },
      { text: 'It resolves anyway, with undefined in the place of the result of b', isCorrect: false },
      { text: 'It rejects with the reason of b at once; a and c keep running', isCorrect: true },
      { text: 'It cancels a and c, waits for them to stop, and then rejects', isCorrect: false },
    ],
  },
  {
    text: 'An EventEmitter emits an error event and no listener for error is registered. What happens?',
    options: [
      { text: 'The event is ignored, like any other event that has no listeners', isCorrect: false },
      { text: 'The error is printed as a warning and the emitter keeps working', isCorrect: false },
      { text: 'The emitter closes itself, and later events are silently dropped', isCorrect: false },
      { text: 'emit() throws the error, which crashes the process if uncaught', isCorrect: true },
    ],
  },
  {
    text: 'When emitter.emit("data", value) is called, how are the listeners for data invoked?',
    options: [
      { text: 'Synchronously, in registration order, before emit returns', isCorrect: true },
      { text: 'Asynchronously, on the next tick, so emit returns immediately', isCorrect: false },
      { text: 'In parallel, each listener on its own thread from the pool', isCorrect: false },
      { text: 'In reverse order of registration, on the next loop iteration', isCorrect: false },
    ],
  },
  {
    text: 'An HTTP handler runs a synchronous loop that takes two seconds. What happens to other requests reaching the same Node.js process meanwhile?',
    options: [
      { text: 'They are handled by other threads of the same process meanwhile', isCorrect: false },
      { text: 'They wait: the one JavaScript thread is busy until the loop ends', isCorrect: true },
      { text: 'Node.js rejects them with a 503 status until the handler returns', isCorrect: false },
      { text: 'Node.js pauses the loop to serve them, then resumes it where it stopped', isCorrect: false },
    ],
  },
  {
    text: 'Which operations use the libuv thread pool by default?',
    options: [
      { text: 'All network socket reads and writes, for TCP and UDP alike', isCorrect: false },
      { text: 'setTimeout and setInterval timers, one thread per timer', isCorrect: false },
      { text: 'File system calls, dns.lookup, and some crypto and zlib work', isCorrect: true },
      { text: 'Every function declared async, so that it runs off the main thread', isCorrect: false },
    ],
  },
  {
    text: 'A package.json has an exports field listing "." and "./client". What happens when a consumer imports the package subpath ./internal/util.js, which exists on disk?',
    options: [
      { text: 'It loads normally, because the exports field only affects TypeScript', isCorrect: false },
      { text: 'It loads, but Node.js prints a deprecation warning for private paths', isCorrect: false },
      { text: 'Node.js falls back to the main field and loads that file instead', isCorrect: false },
      { text: 'It fails with ERR_PACKAGE_PATH_NOT_EXPORTED, though the file exists', isCorrect: true },
    ],
  },
  {
    text: 'What does Node.js require for await to be used at the top level of a file, outside any async function?',
    options: [
      { text: 'The file must be an ES module; in CommonJS it is a syntax error', isCorrect: true },
      { text: 'The --harmony-top-level-await flag, in every Node.js version', isCorrect: false },
      { text: 'Nothing: it works the same in CommonJS and in ES modules', isCorrect: false },
      { text: 'The file must be the entry point given to the node command', isCorrect: false },
    ],
  },
  {
    text: 'What does for await (const chunk of readable) { ... } give you over listening to data events?',
    options: [
      { text: 'It reads all the chunks in parallel, which is faster for large files', isCorrect: false },
      {
        text: 'It pulls one chunk at a time as the body is ready, and throws on stream errors',
        isCorrect: true,
      },
      { text: 'It loads the whole stream into memory before the first iteration starts', isCorrect: false },
      { text: 'It converts binary chunks to UTF-8 strings automatically as they arrive', isCorrect: false },
    ],
  },
  {
    text: 'A script sets process.env.RETRIES = 3 and then reads typeof process.env.RETRIES. What is the result?',
    options: [
      { text: 'number, since the value assigned was a number', isCorrect: false },
      { text: 'undefined, because process.env cannot be written at run time', isCorrect: false },
      { text: 'string: environment values are always stored as strings', isCorrect: true },
      { text: 'object, since process.env wraps each value in an object', isCorrect: false },
    ],
  },
];
