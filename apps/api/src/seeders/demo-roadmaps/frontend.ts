import type { DemoRoadmap } from './outline';

const mdn = (path: string) => `https://developer.mozilla.org/en-US/docs/${path}`;

/** Written for Skillroute: from a first web page to shipping a tested, accessible React app. */
export const frontendRoadmap: DemoRoadmap = {
  title: 'Frontend Developer',
  description:
    'From your first web page to shipping a fast, accessible React application: the web platform, JavaScript, a framework, testing and delivery, in the order they build on each other.',
  topics: [
    {
      label: 'How the web works',
      description:
        'Before writing code, know what happens between typing an address and seeing a page: names are resolved, a request travels over HTTP, and the browser turns the answer into pixels.',
      links: [['MDN: An overview of HTTP', mdn('Web/HTTP/Guides/Overview')]],
      subtopics: [
        {
          label: 'HTTP basics',
          description:
            'Requests and responses, methods such as GET and POST, status codes, and headers. Open the network tab of your browser and read a few real exchanges.',
          links: [['MDN: HTTP', mdn('Web/HTTP')]],
        },
        {
          label: 'DNS and domains',
          description:
            'How a domain name becomes an IP address, what records such as A and CNAME mean, and why a change can take a while to be seen everywhere.',
          links: [['Cloudflare: What is DNS?', 'https://www.cloudflare.com/learning/dns/what-is-dns/']],
        },
        {
          label: 'How browsers render',
          description:
            'Parsing HTML into the DOM, CSS into styles, then layout and paint. Knowing this explains why some changes are cheap and others make the page stutter.',
          links: [['web.dev: How browsers work', 'https://web.dev/articles/howbrowserswork']],
        },
      ],
    },
    {
      label: 'HTML',
      description:
        'The structure and meaning of a page. Good HTML is the cheapest accessibility and SEO win there is, and everything else you learn sits on top of it.',
      links: [['MDN: HTML', mdn('Web/HTML')]],
      subtopics: [
        {
          label: 'Semantic elements',
          description:
            'Use header, nav, main, article, section and footer for what they mean, and headings in order, so people and machines understand the page.',
          links: [['MDN: HTML elements reference', mdn('Web/HTML/Reference/Elements')]],
        },
        {
          label: 'Forms and inputs',
          description:
            'Labels tied to their inputs, the right input types, required fields and built-in validation: forms are where most users meet your product.',
          links: [['MDN: Web forms', mdn('Learn_web_development/Extensions/Forms')]],
        },
        {
          label: 'Images and media',
          description:
            'Alternative text, responsive images with srcset and sizes, lazy loading, and when to use video and audio elements.',
          links: [['MDN: Responsive images', mdn('Web/HTML/Guides/Responsive_images')]],
        },
      ],
    },
    {
      label: 'CSS',
      description:
        'How pages look and adapt. Learn the cascade and the box model first; layout tools are easy once those click.',
      links: [['MDN: CSS', mdn('Web/CSS')]],
      subtopics: [
        {
          label: 'Cascade and specificity',
          description:
            'Why one rule wins over another: origin, specificity, order, and inheritance. Most "CSS is broken" moments are this.',
          links: [['MDN: Introduction to the cascade', mdn('Web/CSS/Guides/Cascade/Introduction')]],
        },
        {
          label: 'Box model',
          description:
            'Content, padding, border and margin, and how box-sizing changes the arithmetic of widths.',
          links: [['MDN: The box model', mdn('Learn_web_development/Core/Styling_basics/Box_model')]],
        },
        {
          label: 'Flexbox',
          description:
            'One-dimensional layout: rows or columns of items that grow, shrink and align. The everyday tool for toolbars, cards and centring.',
          links: [['MDN: Flexbox', mdn('Web/CSS/Guides/Flexible_box_layout')]],
        },
        {
          label: 'Grid',
          description:
            'Two-dimensional layout with rows and columns, named areas and gaps: page skeletons and galleries without hacks.',
          links: [['MDN: CSS grid layout', mdn('Web/CSS/Guides/Grid_layout')]],
        },
        {
          label: 'Responsive design',
          description:
            'Mobile-first styles, media queries, fluid sizes and container queries, so one page works on a phone and a wide screen.',
          links: [['MDN: Media queries', mdn('Web/CSS/Guides/Media_queries')]],
        },
      ],
    },
    {
      label: 'JavaScript',
      description:
        'The language of the browser. Spend real time here: frameworks change, the language underneath stays.',
      links: [['MDN: JavaScript guide', mdn('Web/JavaScript/Guide')]],
      subtopics: [
        {
          label: 'Values and types',
          description:
            'Primitives and objects, equality, truthiness, and how copying an object differs from copying a number.',
          links: [['MDN: Data types', mdn('Web/JavaScript/Guide/Data_structures')]],
        },
        {
          label: 'Functions and closures',
          description:
            'Functions as values, scope, closures and this. Closures are behind event handlers, hooks and most patterns you will meet.',
          links: [['MDN: Closures', mdn('Web/JavaScript/Guide/Closures')]],
        },
        {
          label: 'Arrays and objects',
          description:
            'map, filter, reduce, destructuring and spread: the daily tools for shaping data without mutating it.',
          links: [['MDN: Array', mdn('Web/JavaScript/Reference/Global_Objects/Array')]],
        },
        {
          label: 'Async and promises',
          description:
            'The event loop, promises, async and await, and handling errors in asynchronous code without losing them.',
          links: [['MDN: Using promises', mdn('Web/JavaScript/Guide/Using_promises')]],
        },
        {
          label: 'Modules',
          description:
            'import and export, how bundlers resolve them, and why small modules with clear exports keep a codebase healthy.',
          links: [['MDN: JavaScript modules', mdn('Web/JavaScript/Guide/Modules')]],
        },
      ],
    },
    {
      label: 'The DOM and browser APIs',
      description: 'How JavaScript reads and changes the page, and the APIs the browser gives you for free.',
      links: [['MDN: Document Object Model', mdn('Web/API/Document_Object_Model')]],
      subtopics: [
        {
          label: 'Events',
          description:
            'Listening for clicks and keys, event bubbling and delegation, and preventing default behaviour only when you mean it.',
          links: [['MDN: Events', mdn('Web/API/Document_Object_Model/Events')]],
        },
        {
          label: 'Fetch API',
          description:
            'Calling servers with fetch, reading JSON, sending credentials, and telling network errors from HTTP errors.',
          links: [['MDN: Fetch API', mdn('Web/API/Fetch_API')]],
        },
        {
          label: 'Web storage',
          description:
            'localStorage and sessionStorage: what they are good for, their limits, and why tokens do not belong there.',
          links: [['MDN: Web Storage API', mdn('Web/API/Web_Storage_API')]],
        },
      ],
    },
    {
      label: 'Tooling',
      description:
        'The everyday tools of a frontend team: version control, packages, a build tool and code quality checks.',
      links: [['Git documentation', 'https://git-scm.com/doc']],
      subtopics: [
        {
          label: 'Git',
          description:
            'Commits, branches, merging and rebasing, and writing commit messages your teammates can use.',
          links: [['Pro Git book', 'https://git-scm.com/book/en/v2']],
        },
        {
          label: 'npm and packages',
          description:
            'package.json, semantic versions, lock files, and judging a dependency before you add it.',
          links: [['npm Docs', 'https://docs.npmjs.com/']],
        },
        {
          label: 'Vite',
          description: 'A fast dev server with hot reload and a production build that splits code by route.',
          links: [['Vite guide', 'https://vite.dev/guide/']],
        },
        {
          label: 'Linting and formatting',
          description:
            'ESLint catches mistakes, Prettier ends style debates; run both in the editor and in CI.',
          links: [
            ['ESLint docs', 'https://eslint.org/docs/latest/'],
            ['Prettier docs', 'https://prettier.io/docs/'],
          ],
        },
      ],
    },
    {
      label: 'TypeScript',
      description:
        'Types that document and check your code as you write it. Start with plain annotations; reach for generics when duplication appears.',
      links: [['TypeScript handbook', 'https://www.typescriptlang.org/docs/handbook/intro.html']],
      subtopics: [
        {
          label: 'Everyday types',
          description:
            'Annotations, interfaces and type aliases, unions, and optional values. Turn on strict mode from day one.',
          links: [['Everyday types', 'https://www.typescriptlang.org/docs/handbook/2/everyday-types.html']],
        },
        {
          label: 'Narrowing',
          description:
            'How checks such as typeof, in and discriminated unions let the compiler follow your logic.',
          links: [['Narrowing', 'https://www.typescriptlang.org/docs/handbook/2/narrowing.html']],
        },
        {
          label: 'Generics',
          description: 'Functions and components that work for many types while keeping them precise.',
          links: [['Generics', 'https://www.typescriptlang.org/docs/handbook/2/generics.html']],
        },
      ],
    },
    {
      label: 'React',
      description:
        'Build interfaces from components that describe what the screen should look like for a given state.',
      links: [['React: Learn', 'https://react.dev/learn']],
      subtopics: [
        {
          label: 'Components and props',
          description:
            'Small components with clear props, composition over configuration, and lists with stable keys.',
          links: [['Your first component', 'https://react.dev/learn/your-first-component']],
        },
        {
          label: 'State and hooks',
          description:
            'useState and useReducer for state, useEffect only to sync with things outside React, and custom hooks to share logic.',
          links: [['Built-in hooks', 'https://react.dev/reference/react/hooks']],
        },
        {
          label: 'Routing',
          description:
            "Pages as routes, nested layouts, guarded routes, and loading each page's code only when it is needed.",
          links: [['React Router', 'https://reactrouter.com/']],
        },
        {
          label: 'Server state',
          description:
            'Fetching, caching and refreshing data from an API with a library instead of hand-written effects.',
          links: [['RTK Query overview', 'https://redux-toolkit.js.org/rtk-query/overview']],
        },
      ],
    },
    {
      label: 'Accessibility',
      description:
        'Products that work for everyone, including keyboard and screen-reader users. It is part of done, not a later phase.',
      links: [['MDN: Accessibility', mdn('Web/Accessibility')]],
      subtopics: [
        {
          label: 'WCAG',
          description:
            'The four principles (perceivable, operable, understandable, robust) and the success criteria teams test against.',
          links: [['WCAG overview', 'https://www.w3.org/WAI/standards-guidelines/wcag/']],
        },
        {
          label: 'Keyboard and focus',
          description:
            'Every action reachable by keyboard, a visible focus ring, a sensible focus order, and focus moved on purpose in dialogs.',
          links: [
            ['MDN: Keyboard accessibility', mdn('Web/Accessibility/Guides/Understanding_WCAG/Keyboard')],
          ],
        },
        {
          label: 'ARIA',
          description:
            'Roles, names and states for what HTML cannot express; the first rule of ARIA is to prefer a native element.',
          links: [['MDN: ARIA', mdn('Web/Accessibility/ARIA')]],
        },
      ],
    },
    {
      label: 'Testing',
      description:
        'Confidence to change code: fast unit tests for logic, component tests for behaviour, and a few end-to-end journeys.',
      links: [['Vitest guide', 'https://vitest.dev/guide/']],
      subtopics: [
        {
          label: 'Unit tests',
          description:
            'Plain functions tested with plain inputs and outputs; the fastest feedback you can get.',
          links: [['Vitest guide', 'https://vitest.dev/guide/']],
        },
        {
          label: 'Component tests',
          description: 'Render a component and use it as a person would, finding elements by role and label.',
          links: [['Testing Library', 'https://testing-library.com/docs/']],
        },
        {
          label: 'End-to-end tests',
          description:
            'A real browser against the real app for the journeys that matter most: sign-up, checkout, the core flow.',
          links: [['Playwright', 'https://playwright.dev/docs/intro']],
        },
      ],
    },
    {
      label: 'Performance',
      description: 'Fast pages keep users. Measure first, then fix what the numbers point at.',
      links: [['MDN: Web performance', mdn('Web/Performance')]],
      subtopics: [
        {
          label: 'Core Web Vitals',
          description:
            'Largest Contentful Paint, Interaction to Next Paint and Cumulative Layout Shift: what they measure and how to improve each.',
          links: [['Web Vitals', 'https://web.dev/articles/vitals']],
        },
        {
          label: 'Code splitting',
          description:
            'Ship only the JavaScript a page needs, load the rest on demand, and watch your bundle budget.',
          links: [['MDN: Lazy loading', mdn('Web/Performance/Guides/Lazy_loading')]],
        },
        {
          label: 'Caching',
          description:
            'HTTP caching headers, hashed file names for long-lived assets, and when a service worker helps.',
          links: [['MDN: HTTP caching', mdn('Web/HTTP/Guides/Caching')]],
        },
      ],
    },
    {
      label: 'Web security',
      description:
        'The browser protects users only if you let it: understand the common attacks and the defaults that stop them.',
      links: [['MDN: Web security', mdn('Web/Security')]],
      subtopics: [
        {
          label: 'Cross-site scripting',
          description:
            'Never insert untrusted text as HTML; frameworks escape by default, and a Content Security Policy limits the damage.',
          links: [
            [
              'OWASP: XSS prevention',
              'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
            ],
          ],
        },
        {
          label: 'CORS and cookies',
          description:
            'Same-origin policy, when CORS applies, and cookie flags such as HttpOnly, Secure and SameSite.',
          links: [['MDN: CORS', mdn('Web/HTTP/Guides/CORS')]],
        },
      ],
    },
  ],
};
