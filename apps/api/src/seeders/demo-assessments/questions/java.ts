import type { SeedQuestion } from './types';

/** Written for Skillroute: the Java skill test, on the object contract, generics, collections, concurrency and the JVM. */
export const javaQuestions: readonly SeedQuestion[] = [
  {
    text: 'A class overrides equals but not hashCode, and its instances are used as HashMap keys. What can go wrong?',
    options: [
      {
        text: 'The class no longer compiles, since the two methods must be overridden together',
        isCorrect: false,
      },
      { text: 'Equal keys may hash differently, so a lookup with an equal key can miss', isCorrect: true },
      { text: 'Nothing, because HashMap only ever calls equals to find a key', isCorrect: false },
      { text: 'put throws an IllegalStateException when it detects the mismatch', isCorrect: false },
    ],
  },
  {
    text: 'Which statement about the equals and hashCode contract is true?',
    options: [
      { text: 'Objects with equal hash codes must also be equal to each other', isCorrect: false },
      { text: 'Unequal objects must always have different hash codes', isCorrect: false },
      { text: 'hashCode must return the memory address of the object', isCorrect: false },
      { text: 'Equal objects need equal hash codes; the reverse is not required', isCorrect: true },
    ],
  },
  {
    text: 'What does this print? String s = "a"; s.concat("b"); System.out.println(s);',
    options: [
      { text: 'a', isCorrect: true },
      { text: 'ab', isCorrect: false },
      { text: 'b', isCorrect: false },
      { text: 'Nothing, it does not compile', isCorrect: false },
    ],
  },
  {
    text: 'String a = "hi"; String b = new String("hi"); What are a == b and a.equals(b)?',
    options: [
      { text: 'true and true', isCorrect: false },
      { text: 'false and false', isCorrect: false },
      { text: 'false and true', isCorrect: true },
      { text: 'true and false', isCorrect: false },
    ],
  },
  {
    text: 'Because of type erasure, which of these cannot be written inside a generic class Box<T>?',
    options: [
      { text: 'A field declared as private T value;', isCorrect: false },
      { text: 'A method returning List<T>', isCorrect: false },
      { text: 'Calling value.toString() on a T', isCorrect: false },
      { text: 'Creating an instance with new T()', isCorrect: true },
    ],
  },
  {
    text: 'Why can a class not declare both void print(List<String> items) and void print(List<Integer> items)?',
    options: [
      { text: 'Both erase to print(List), so the two signatures clash', isCorrect: true },
      { text: 'Java does not allow overloading methods on parameter types at all', isCorrect: false },
      { text: 'List<Integer> is not a valid type, because int is a primitive type', isCorrect: false },
      { text: 'It compiles, but calls always go to the first method declared', isCorrect: false },
    ],
  },
  {
    text: 'Which statement about checked exceptions is true?',
    options: [
      { text: 'They are checked at run time by the JVM rather than by the compiler', isCorrect: false },
      { text: 'They must be caught or declared with throws; RuntimeException is exempt', isCorrect: true },
      { text: 'NullPointerException is the most common example of a checked exception', isCorrect: false },
      { text: 'They cannot be caught, only declared in the throws clause of a method', isCorrect: false },
    ],
  },
  {
    text: 'In Java 8 and later, what does HashMap do when many keys end up in the same bucket?',
    options: [
      { text: 'It throws an exception once a single bucket holds more than 8 entries', isCorrect: false },
      { text: 'It rehashes every key in the map using a second hash function', isCorrect: false },
      { text: 'Past a threshold, on a large enough table, it turns the bucket into a tree', isCorrect: true },
      { text: 'It moves the extra keys to a separate overflow map searched in order', isCorrect: false },
    ],
  },
  {
    text: 'An object is put into a HashMap as a key, and then a field used by its hashCode is changed. What is likely to happen with map.get(sameObject)?',
    options: [
      { text: 'It still finds the entry, because the map stores a reference to the key', isCorrect: false },
      { text: 'It throws a ConcurrentModificationException on the next lookup', isCorrect: false },
      { text: 'The map notices the change and rehashes the key automatically', isCorrect: false },
      { text: 'It returns null: the lookup goes to the bucket of the new hash code', isCorrect: true },
    ],
  },
  {
    text: 'Code loops with for (String name : names) over an ArrayList and calls names.remove(name) when a condition holds. What usually happens, and what is the fix?',
    options: [
      {
        text: 'A ConcurrentModificationException; use Iterator.remove or names.removeIf instead',
        isCorrect: true,
      },
      {
        text: 'It works, but skips the element right after each removed one; loop backwards instead',
        isCorrect: false,
      },
      { text: 'It does not compile; use a LinkedList instead', isCorrect: false },
      { text: 'An IndexOutOfBoundsException; make the list synchronized', isCorrect: false },
    ],
  },
  {
    text: 'What does declaring a field volatile guarantee?',
    options: [
      { text: 'That compound operations such as count++ on it become atomic', isCorrect: false },
      { text: 'That only one thread at a time is allowed to read the field', isCorrect: false },
      { text: 'That writes by one thread become visible to reads in other threads', isCorrect: true },
      { text: 'That the field is kept in a CPU register so access is faster', isCorrect: false },
    ],
  },
  {
    text: 'Two threads each run count++ 1000 times on a shared volatile int count that starts at 0. What is the final value?',
    options: [
      { text: 'Always 2000, because volatile makes each increment safe', isCorrect: false },
      { text: 'It can be below 2000, since ++ is not atomic and updates get lost', isCorrect: true },
      { text: 'Always 1000, because each thread overwrites the work of the other', isCorrect: false },
      { text: 'The program deadlocks, since both threads wait on the same field', isCorrect: false },
    ],
  },
  {
    text: 'Which monitor does a synchronized instance method lock?',
    options: [
      { text: 'The Class object of its class, shared by all instances', isCorrect: false },
      { text: 'A lock private to that method, separate for each method', isCorrect: false },
      { text: 'No monitor: it only disables thread switching while it runs', isCorrect: false },
      { text: 'The instance the method is called on (this)', isCorrect: true },
    ],
  },
  {
    text: 'What is printed by Stream.of(1, 2, 3).map(x -> { System.out.println(x); return x * 2; }); when no other call follows?',
    options: [
      { text: '1, 2 and 3, once each, as map visits every element', isCorrect: false },
      { text: 'Nothing: map is lazy and runs only for a terminal operation', isCorrect: true },
      { text: '2, 4 and 6, because println sees the mapped values', isCorrect: false },
      { text: 'Only 1, because streams process the first element eagerly', isCorrect: false },
    ],
  },
  {
    text: 'A Stream is stored in a variable and two terminal operations are called on it one after the other. What happens?',
    options: [
      { text: 'The second call throws IllegalStateException: a stream is single-use', isCorrect: true },
      { text: 'The second call quietly returns an empty result', isCorrect: false },
      { text: 'Both run normally, because the stream restarts from its source', isCorrect: false },
      { text: 'It does not compile, since the compiler tracks stream use', isCorrect: false },
    ],
  },
  {
    text: 'What does Stream.of(1, 2, 3, 4).filter(x -> { System.out.println(x); return x > 1; }).findFirst() print?',
    options: [
      {
        text: '1, 2, 3 and 4, because filter handles every element before findFirst starts',
        isCorrect: false,
      },
      { text: 'Only 2, because findFirst skips the elements that do not match', isCorrect: false },
      { text: 'Nothing, because findFirst never calls the filter lambda', isCorrect: false },
      { text: '1 and 2: elements flow one by one and findFirst stops at a match', isCorrect: true },
    ],
  },
  {
    text: 'Which statement about a record such as record Point(int x, int y) {} is true?',
    options: [
      { text: 'It can extend another class, just like any ordinary class', isCorrect: false },
      { text: 'Its fields are private final, with equals, hashCode and toString generated', isCorrect: true },
      { text: 'It gets a setter for each component, next to the accessors', isCorrect: false },
      { text: 'It cannot declare methods of its own, only its components', isCorrect: false },
    ],
  },
  {
    text: 'In a try-with-resources statement, the body throws an exception and then the close() of the resource also throws. What does the caller receive?',
    options: [
      { text: 'The exception from close(); the one from the body is lost', isCorrect: false },
      { text: 'The body exception, with the close() one added as suppressed', isCorrect: true },
      { text: 'A new exception that wraps both of them as its causes', isCorrect: false },
      { text: 'Nothing: an exception thrown by close() ends the program at once', isCorrect: false },
    ],
  },
  {
    text: 'In try (var in = open(a); var out = create(b)) { ... }, in which order are the resources closed?',
    options: [
      { text: 'in first, then out, in the order they were declared', isCorrect: false },
      { text: 'In an unspecified order chosen by the JVM', isCorrect: false },
      { text: 'out first, then in: the reverse of the declaration order', isCorrect: true },
      {
        text: 'Only the last resource is closed automatically, the others must be closed by hand',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'In the JVM memory model as usually described, where do objects created with new live, and where do the local variables of a method live?',
    options: [
      { text: 'Objects on the heap; locals in the stack frame of the running thread', isCorrect: true },
      { text: 'Both on the heap, where the garbage collector can reach them', isCorrect: false },
      { text: 'Objects on the stack of the creating thread; locals in the metaspace', isCorrect: false },
      { text: 'Objects in the metaspace; local variables on the shared heap', isCorrect: false },
    ],
  },
  {
    text: 'In Java 8 and later, where is class metadata such as method and field definitions stored?',
    options: [
      { text: 'In PermGen, a fixed-size part of the heap', isCorrect: false },
      { text: 'In the young generation of the heap, with new objects', isCorrect: false },
      { text: 'On the stack of the main thread, loaded at startup', isCorrect: false },
      { text: 'In Metaspace, in native memory outside the heap', isCorrect: true },
    ],
  },
  {
    text: 'A recursive method has no base case and keeps calling itself. Which error ends the program?',
    options: [
      { text: 'OutOfMemoryError, because the heap fills up with frames', isCorrect: false },
      { text: 'StackOverflowError, since each call adds a stack frame', isCorrect: true },
      { text: 'IllegalStateException, thrown by the JVM on deep recursion', isCorrect: false },
      { text: 'None: the JIT compiler turns the recursion into a loop', isCorrect: false },
    ],
  },
  {
    text: 'With default JVM settings, what are a == b and c == d after Integer a = 127, b = 127; Integer c = 128, d = 128;?',
    options: [
      { text: 'true and true', isCorrect: false },
      { text: 'false and false', isCorrect: false },
      { text: 'false and true', isCorrect: false },
      { text: 'true and false', isCorrect: true },
    ],
  },
  {
    text: 'The try block of a method calls System.exit(0). Does its finally block run?',
    options: [
      { text: 'Yes, a finally block always runs, whatever happens in try', isCorrect: false },
      { text: 'No: the JVM begins shutting down and finally is skipped', isCorrect: true },
      { text: 'Only if the status passed to exit is 0', isCorrect: false },
      { text: 'Yes, but only after the shutdown hooks have finished', isCorrect: false },
    ],
  },
  {
    text: 'What is the difference between optional.orElse(loadDefault()) and optional.orElseGet(() -> loadDefault())?',
    options: [
      { text: 'orElse always calls loadDefault(); orElseGet only when empty', isCorrect: true },
      { text: 'orElseGet caches the default value and reuses it on later calls', isCorrect: false },
      { text: 'orElse throws NoSuchElementException when the Optional is empty', isCorrect: false },
      { text: 'There is none, because the compiler rewrites one into the other', isCorrect: false },
    ],
  },
  {
    text: 'A class implements two interfaces, A and B, that both declare a default method void greet(). What happens?',
    options: [
      { text: 'The default method of the interface listed first is used', isCorrect: false },
      { text: 'Both default methods run, in the order the interfaces are listed', isCorrect: false },
      { text: 'It fails to compile unless the class overrides greet() itself', isCorrect: true },
      { text: 'It compiles, but the first call of greet() throws at run time', isCorrect: false },
    ],
  },
  {
    text: 'final List<String> names = new ArrayList<>(); names.add("Ada"); What happens?',
    options: [
      { text: 'A compile error, because names is declared final', isCorrect: false },
      { text: 'An UnsupportedOperationException, because final lists are read-only', isCorrect: false },
      { text: 'It works: final only stops names being reassigned', isCorrect: true },
      { text: 'It works only when the list is created with List.of instead', isCorrect: false },
    ],
  },
  {
    text: 'Given void reset(StringBuilder sb) { sb = new StringBuilder("new"); }, a caller holds a StringBuilder b containing "old" and calls reset(b). What does b contain afterwards?',
    options: [
      { text: 'new, because the method replaced the builder it was given', isCorrect: false },
      { text: 'An empty string, since the old content was discarded', isCorrect: false },
      { text: 'oldnew, because the two builders are merged', isCorrect: false },
      { text: 'old: the reference is passed by value, so reassigning sb does not affect b', isCorrect: true },
    ],
  },
  {
    text: 'Why is a StringBuilder preferred over result += piece when building a String in a long loop?',
    options: [
      { text: 'Each += copies the whole string so far, so the work grows quadratically', isCorrect: true },
      { text: 'The += operator on strings is not allowed inside loops', isCorrect: false },
      { text: 'StringBuilder is thread-safe, while String is not', isCorrect: false },
      { text: 'Strings built with += are never garbage collected', isCorrect: false },
    ],
  },
  {
    text: 'Which statement about ConcurrentHashMap is true?',
    options: [
      { text: 'It locks the whole map for every read and every write', isCorrect: false },
      { text: 'It allows null keys, but not null values', isCorrect: false },
      { text: 'It allows concurrent updates without one map-wide lock, and rejects nulls', isCorrect: true },
      { text: 'Its iterators throw ConcurrentModificationException on any change', isCorrect: false },
    ],
  },
];
