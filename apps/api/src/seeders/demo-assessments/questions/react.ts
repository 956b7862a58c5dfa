import type { SeedQuestion } from './types';

/** Written for Skillroute: the React skill test, on hooks, rendering, state and the component tree. */
export const reactQuestions: readonly SeedQuestion[] = [
  {
    text: 'When does React run the cleanup function returned by a useEffect callback?',
    options: [
      {
        text: 'Only once, when the component unmounts, no matter how often the dependencies change',
        isCorrect: false,
      },
      {
        text: 'Before the effect runs again because its dependencies changed, and when the component unmounts',
        isCorrect: true,
      },
      {
        text: 'Right after the effect body finishes, within the same commit as the effect',
        isCorrect: false,
      },
      {
        text: 'Before every render of the component, whether or not the dependencies changed',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'Why is the array index a poor key for a list whose items can be reordered, filtered or inserted at the top?',
    options: [
      { text: 'React refuses to render lists keyed by numbers and logs an error instead', isCorrect: false },
      {
        text: 'Index keys make React unmount and remount every item on every render, which is slow',
        isCorrect: false,
      },
      {
        text: 'Keys must be unique across the whole app, and indexes repeat from one list to the next',
        isCorrect: false,
      },
      {
        text: 'Index keys follow positions, not items, so state and DOM can end up on the wrong item',
        isCorrect: true,
      },
    ],
  },
  {
    text: 'A component runs useEffect(() => { const id = setInterval(() => setCount(count + 1), 1000); return () => clearInterval(id); }, []) with count starting at 0. What does the user see?',
    options: [
      { text: 'The count goes up by 1 every second', isCorrect: false },
      { text: 'The count becomes 1 and then stays at 1', isCorrect: true },
      { text: 'The count stays at 0, because setCount is ignored inside intervals', isCorrect: false },
      { text: 'An error, because count is not defined inside the interval callback', isCorrect: false },
    ],
  },
  {
    text: 'How does useCallback(fn, deps) relate to useMemo?',
    options: [
      {
        text: 'It is useMemo(fn, deps) under another name: it caches the value that fn returns',
        isCorrect: false,
      },
      {
        text: 'useCallback runs fn after the render is committed, while useMemo runs it during render',
        isCorrect: false,
      },
      { text: 'It equals useMemo(() => fn, deps): it caches fn itself, without calling it', isCorrect: true },
      {
        text: 'useCallback also guarantees that the children receiving fn never re-render',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'An input is rendered as <input value={name} /> with no onChange handler and no readOnly attribute. What happens when the user types in it?',
    options: [
      {
        text: 'The text changes on screen, but the name state stays the same until the next render',
        isCorrect: false,
      },
      {
        text: 'React silently turns it into an uncontrolled input after the first keystroke',
        isCorrect: false,
      },
      {
        text: 'The typed text appears and name is updated automatically through two-way binding',
        isCorrect: false,
      },
      {
        text: 'The field keeps its value, and React warns in development that value was given without onChange',
        isCorrect: true,
      },
    ],
  },
  {
    text: 'A form renders <input value={user.name} onChange={handleChange} /> where user.name is undefined at first and becomes a string later. What does React warn about?',
    options: [
      { text: 'That a component is changing an uncontrolled input to be controlled', isCorrect: true },
      {
        text: 'That onChange handlers on inputs must be wrapped in useCallback to avoid re-renders',
        isCorrect: false,
      },
      { text: 'That the input is missing a key', isCorrect: false },
      { text: 'Nothing, undefined and an empty string are treated the same', isCorrect: false },
    ],
  },
  {
    text: 'In development, with StrictMode on (React 18 or later), what does React do with effects when a component first mounts?',
    options: [
      {
        text: 'It skips the effects on the first render and runs them on the second one instead',
        isCorrect: false,
      },
      {
        text: 'It runs every effect twice in a row, without calling the cleanup in between',
        isCorrect: false,
      },
      { text: 'It runs them, runs their cleanups as if unmounting, then runs them again', isCorrect: true },
      {
        text: 'It runs the effects in a separate thread to detect race conditions between them',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'What makes a <Suspense> boundary show its fallback?',
    options: [
      {
        text: 'A child component sets a state variable called isLoading to true while fetching',
        isCorrect: false,
      },
      {
        text: 'Any fetch call that is still pending anywhere on the page, inside or outside it',
        isCorrect: false,
      },
      {
        text: 'A child component throws an error while rendering, and the fallback replaces it',
        isCorrect: false,
      },
      { text: 'A child suspends, such as a lazy component whose code is still loading', isCorrect: true },
    ],
  },
  {
    text: 'A provider is rendered as <UserContext.Provider value={{ user, setUser }}> inside a component that re-renders often. What is the consequence?',
    options: [
      {
        text: 'None: React compares the old and new value objects deeply before notifying consumers',
        isCorrect: false,
      },
      { text: 'All consumers re-render with it, since the value is a new object each time', isCorrect: true },
      {
        text: 'Consumers never re-render, because a context value is read only once, on mount',
        isCorrect: false,
      },
      {
        text: 'Only consumers that read user re-render; those that only read setUser are skipped',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'A component wrapped in React.memo reads useContext(ThemeContext). The context value changes, but the props passed to the component do not. Does it re-render?',
    options: [
      {
        text: 'No, memo skips the render because the props are shallowly equal to the previous ones',
        isCorrect: false,
      },
      {
        text: 'Only if its parent also re-renders, since memo blocks updates coming from above',
        isCorrect: false,
      },
      { text: 'Only if the new context value is also passed down to it as a prop', isCorrect: false },
      { text: 'Yes, context changes reach the components that read it, even through memo', isCorrect: true },
    ],
  },
  {
    text: 'What happens when you assign a new value to ref.current, for a ref created with useRef?',
    options: [
      { text: 'The value is updated immediately, and no re-render is triggered', isCorrect: true },
      {
        text: 'A re-render is scheduled, just like calling a state setter with the new value',
        isCorrect: false,
      },
      { text: 'The new value is thrown away at the next render', isCorrect: false },
      { text: 'React throws in development, because refs are read-only', isCorrect: false },
    ],
  },
  {
    text: 'A parent first renders <div><Counter /></div> and then, at the same place, <section><Counter /></section>. What happens to the state inside Counter?',
    options: [
      {
        text: 'It is kept, because Counter is the same component in both trees, at the same depth',
        isCorrect: false,
      },
      {
        text: 'It is reset: a different parent element type at that position remounts the whole subtree',
        isCorrect: true,
      },
      {
        text: 'It is kept only if Counter is wrapped in React.memo, which carries state across parents',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'A component renders {isRed ? <Counter color="red" /> : <Counter color="blue" />}. When isRed flips, what happens to the internal state of Counter?',
    options: [
      {
        text: 'It is reset, because the two branches are different JSX expressions in the source',
        isCorrect: false,
      },
      {
        text: 'It is reset, because the color prop changed and props are part of its identity',
        isCorrect: false,
      },
      { text: 'It is kept: the same component type stays at the same position', isCorrect: true },
      { text: 'It is kept only if both branches are given the same key', isCorrect: false },
    ],
  },
  {
    text: 'What is an idiomatic way to reset all the state of a <Profile /> component when the selected userId changes?',
    options: [
      { text: 'Wrap Profile in React.memo', isCorrect: false },
      {
        text: 'Render it as <Profile key={userId} /> so each user gets a separate instance',
        isCorrect: true,
      },
      { text: 'Call forceUpdate on Profile from the parent', isCorrect: false },
      {
        text: 'Set every state variable back to its initial value in an effect that runs after each render',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'Inside a click handler, setCount(count + 1) is called three times in a row while count is 0. What is count after the next render?',
    options: [
      { text: '0', isCorrect: false },
      { text: '3', isCorrect: false },
      { text: '1', isCorrect: true },
      { text: 'It depends on how fast the user clicks', isCorrect: false },
    ],
  },
  {
    text: 'Which change makes three consecutive state updates inside one handler each add 1 to count?',
    options: [
      { text: 'Await each setCount(count + 1) call before making the next one', isCorrect: false },
      { text: 'Call setCount(count++) three times', isCorrect: false },
      { text: 'Read the latest count through useMemo between the calls', isCorrect: false },
      { text: 'Call setCount((c) => c + 1) three times', isCorrect: true },
    ],
  },
  {
    text: 'What is the main difference between useLayoutEffect and useEffect?',
    options: [
      {
        text: 'useLayoutEffect runs before the browser paints, so layout can be measured and fixed without flicker',
        isCorrect: true,
      },
      {
        text: 'useLayoutEffect runs before the component function is called, so it can prepare props',
        isCorrect: false,
      },
      {
        text: 'useLayoutEffect also runs during server rendering, while useEffect only runs in the browser',
        isCorrect: false,
      },
      {
        text: 'useLayoutEffect runs only once, when the component mounts, whatever its dependencies',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'An effect lists options in its dependency array, where options = { page, size } is created in the component body. Why does the effect run after every render?',
    options: [
      {
        text: 'Dependency arrays only support primitive values, so objects disable the optimisation',
        isCorrect: false,
      },
      { text: 'React compares them with Object.is, and the object is new on every render', isCorrect: true },
      {
        text: 'Effects always run after every render, the dependency array is only a hint',
        isCorrect: false,
      },
      { text: 'React deep-compares dependencies, and page changes on every render', isCorrect: false },
    ],
  },
  {
    text: 'Why must hooks not be called inside conditions or loops?',
    options: [
      {
        text: 'Conditions make the component slower, since React must evaluate them twice',
        isCorrect: false,
      },
      {
        text: 'Hooks may only be called at the top of the file, outside any component body',
        isCorrect: false,
      },
      {
        text: 'The compiler removes hooks that appear inside if statements, so their state is lost',
        isCorrect: false,
      },
      { text: 'React identifies each hook by its call order, which must stay the same', isCorrect: true },
    ],
  },
  {
    text: 'What does React.memo(Component) do by default?',
    options: [
      { text: 'It skips re-rendering when the new props are shallowly equal to the old', isCorrect: true },
      {
        text: 'It caches the result of expensive calculations made inside the component body',
        isCorrect: false,
      },
      {
        text: 'It stops re-renders caused by the component changing its own state or context',
        isCorrect: false,
      },
      { text: 'It compares old and new props deeply, field by field, before each render', isCorrect: false },
    ],
  },
  {
    text: 'A child component is wrapped in React.memo, and its parent passes onSelect={() => select(id)}. Why does the child still re-render every time the parent renders?',
    options: [
      {
        text: 'React.memo ignores props that are functions, so it cannot help with callbacks',
        isCorrect: false,
      },
      { text: 'Functions cannot be compared at all, so React always assumes they changed', isCorrect: false },
      {
        text: 'A new arrow function is created on every render, so the shallow prop comparison fails',
        isCorrect: true,
      },
      {
        text: 'Children always re-render when their parent re-renders, whether memo is used or not',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'A component keeps fullName in state and updates it in an effect whenever firstName or lastName change. What is the recommended alternative?',
    options: [
      { text: 'Update fullName in a useLayoutEffect so it changes sooner', isCorrect: false },
      {
        text: 'Keep fullName in a ref instead of state, so updating it does not re-render',
        isCorrect: false,
      },
      { text: 'Move fullName into a context provider', isCorrect: false },
      { text: 'Compute fullName during render from firstName and lastName', isCorrect: true },
    ],
  },
  {
    text: 'An effect fetches the profile for userId and calls setProfile when the response arrives. The user switches quickly between users. What bug can appear, and what is a common fix?',
    options: [
      {
        text: 'No bug: React cancels the previous fetch automatically when the dependencies change',
        isCorrect: false,
      },
      { text: 'A stale response can land last; ignore it via a cleanup flag, or abort it', isCorrect: true },
      {
        text: 'The component crashes because setProfile runs twice; wrap it in useCallback to fix it',
        isCorrect: false,
      },
      {
        text: 'The fetch runs during render and blocks it; move the fetch into useMemo instead',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'A modal is rendered with createPortal into document.body, from inside a div that has an onClick handler. A button in the modal is clicked. What happens?',
    options: [
      {
        text: 'The div handler does not run, because the modal is not inside the div in the DOM tree',
        isCorrect: false,
      },
      {
        text: 'The div handler runs only if the portal target node is itself a child of that div',
        isCorrect: false,
      },
      {
        text: 'The div handler runs, because React events bubble along the React tree, not the DOM tree',
        isCorrect: true,
      },
      {
        text: 'React throws an error, because events are not allowed to cross a portal boundary',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'Which of these errors does an error boundary catch?',
    options: [
      { text: 'An error thrown inside an onClick handler of one of its children', isCorrect: false },
      { text: 'An error thrown while rendering a component below it in the tree', isCorrect: true },
      { text: 'An error thrown in a setTimeout callback started by a child', isCorrect: false },
      { text: 'An error thrown while rendering the error boundary itself', isCorrect: false },
    ],
  },
  {
    text: 'What does wrapping a state update in startTransition (from useTransition) do?',
    options: [
      { text: 'It animates the change with a CSS transition between the old and new UI', isCorrect: false },
      { text: 'It delays the update by a fixed number of milliseconds to group changes', isCorrect: false },
      { text: 'It runs the update in a web worker so that the main thread stays free', isCorrect: false },
      {
        text: 'It marks the update non-urgent, so urgent updates such as typing can interrupt its render',
        isCorrect: true,
      },
    ],
  },
  {
    text: 'What is the difference between useState(buildInitialRows()) and useState(buildInitialRows)?',
    options: [
      { text: 'The first calls it on every render, the second only on the first render', isCorrect: true },
      {
        text: 'There is none: React notices the call and only makes it on the first render',
        isCorrect: false,
      },
      {
        text: 'The second stores the function itself as the state value instead of its result',
        isCorrect: false,
      },
      { text: 'The first is evaluated lazily, the second eagerly on every render', isCorrect: false },
    ],
  },
  {
    text: 'What is useId meant for?',
    options: [
      { text: 'Generating stable keys for the items of a list rendered with map', isCorrect: false },
      { text: 'Reading the id attribute of the DOM node that the component renders', isCorrect: false },
      {
        text: 'Ids that match on server and client, for example to tie a label to an input',
        isCorrect: true,
      },
      { text: 'Giving each user session a random identifier that survives page reloads', isCorrect: false },
    ],
  },
  {
    text: 'A component is rendered on the server with renderToString. Which of these runs on the server?',
    options: [
      { text: 'The callback passed to useEffect, once the HTML is generated', isCorrect: false },
      {
        text: 'A lazy initial state function passed to useState, to compute the first state value',
        isCorrect: true,
      },
      { text: 'The callback passed to useLayoutEffect, before the HTML is sent', isCorrect: false },
      { text: 'A ref callback attached to a div, with the server-side node', isCorrect: false },
    ],
  },
  {
    text: 'With items = [], what does {items.length && <List items={items} />} render?',
    options: [
      { text: 'Nothing at all', isCorrect: false },
      { text: 'An empty List', isCorrect: false },
      { text: 'The text false', isCorrect: false },
      { text: 'The number 0', isCorrect: true },
    ],
  },
];
