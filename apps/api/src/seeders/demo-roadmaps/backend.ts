import type { DemoRoadmap } from './outline';

const pg = (page: string) => `https://www.postgresql.org/docs/current/${page}`;

/** Written for Skillroute: from a first HTTP server to a secure, observable service with a real database. */
export const backendRoadmap: DemoRoadmap = {
  title: 'Backend Developer',
  description:
    'Build the server side of a product: a language and its runtime, HTTP APIs, relational data, authentication, testing, and running it safely in production.',
  topics: [
    {
      label: 'Internet and HTTP',
      description:
        'A backend speaks HTTP all day. Know the protocol well enough to design clean APIs and to debug them with nothing but a terminal.',
      links: [
        ['MDN: An overview of HTTP', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/Overview'],
      ],
      subtopics: [
        {
          label: 'Methods and status codes',
          description:
            'GET reads, POST creates, PUT and PATCH change, DELETE removes; and the status codes that tell clients exactly what happened.',
          links: [
            [
              'MDN: HTTP response status codes',
              'https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Status',
            ],
          ],
        },
        {
          label: 'HTTPS and TLS',
          description:
            'What TLS protects, how certificates prove who a server is, and why every service should use HTTPS.',
          links: [['Cloudflare: What is HTTPS?', 'https://www.cloudflare.com/learning/ssl/what-is-https/']],
        },
        {
          label: 'curl',
          description: 'Send requests by hand, look at headers, and reproduce a bug report in one line.',
          links: [['curl documentation', 'https://curl.se/docs/']],
        },
      ],
    },
    {
      label: 'A language: Node.js',
      description:
        'Pick one server language and learn it deeply. This path uses Node.js with TypeScript, so the same language runs on both sides.',
      links: [['Learn Node.js', 'https://nodejs.org/en/learn']],
      subtopics: [
        {
          label: 'The event loop',
          description:
            'Why one thread can serve thousands of connections, and why blocking it with heavy CPU work stalls every request.',
          links: [
            [
              'The Node.js event loop',
              'https://nodejs.org/en/learn/asynchronous-work/event-loop-timers-and-nexttick',
            ],
          ],
        },
        {
          label: 'Streams and buffers',
          description:
            'Handle large files and bodies piece by piece instead of loading them into memory at once.',
          links: [['Node.js: Stream', 'https://nodejs.org/docs/latest/api/stream.html']],
        },
        {
          label: 'Errors and processes',
          description: 'Throwing and catching, unhandled rejections, signals, and shutting down gracefully.',
          links: [['Node.js: Errors', 'https://nodejs.org/docs/latest/api/errors.html']],
        },
        {
          label: 'TypeScript on the server',
          description:
            'Strict types for request bodies, database rows and configuration, checked at build time.',
          links: [['TypeScript handbook', 'https://www.typescriptlang.org/docs/handbook/intro.html']],
        },
      ],
    },
    {
      label: 'Building APIs',
      description: 'Turn business rules into endpoints that are predictable, documented and hard to misuse.',
      links: [['Fastify documentation', 'https://fastify.dev/docs/latest/']],
      subtopics: [
        {
          label: 'REST design',
          description:
            'Resources as nouns, consistent URLs, pagination and filtering, and one error format for every failure.',
          links: [
            [
              'MDN: HTTP request methods',
              'https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Methods',
            ],
          ],
        },
        {
          label: 'Validation',
          description:
            'Check every input at the edge with a schema, answer 400 with field messages, and never trust the client.',
          links: [['Zod documentation', 'https://zod.dev/']],
        },
        {
          label: 'OpenAPI',
          description:
            'Describe endpoints in a machine-readable document, generated from the same schemas that validate requests.',
          links: [['OpenAPI Specification', 'https://swagger.io/specification/']],
        },
        {
          label: 'GraphQL',
          description:
            'A typed query language where clients ask for exactly the fields they need; know when it helps and when REST is simpler.',
          links: [['Learn GraphQL', 'https://graphql.org/learn/']],
        },
      ],
    },
    {
      label: 'Relational databases',
      description:
        'Most products are a database with rules around it. Learn SQL and PostgreSQL well; it pays back for a whole career.',
      links: [['PostgreSQL documentation', pg('index.html')]],
      subtopics: [
        {
          label: 'SQL basics',
          description: 'SELECT, INSERT, UPDATE and DELETE, joins, grouping, and reading a query plan.',
          links: [['PostgreSQL tutorial', pg('tutorial-sql.html')]],
        },
        {
          label: 'Schema design',
          description:
            'Tables, keys, foreign keys and constraints that make invalid data impossible to store.',
          links: [['PostgreSQL: Constraints', pg('ddl-constraints.html')]],
        },
        {
          label: 'Indexes',
          description: 'B-tree and other index types, and how to tell from EXPLAIN whether a query uses one.',
          links: [['PostgreSQL: Indexes', pg('indexes.html')]],
        },
        {
          label: 'Transactions',
          description: 'ACID, isolation levels, and keeping a multi-step change all or nothing.',
          links: [['PostgreSQL: Transaction isolation', pg('transaction-iso.html')]],
        },
        {
          label: 'Migrations',
          description:
            'Versioned schema changes checked into the repository, applied the same way everywhere, and safe to run while the old version still serves.',
          links: [['Drizzle migrations', 'https://orm.drizzle.team/docs/migrations']],
        },
      ],
    },
    {
      label: 'Caching and Redis',
      description: 'Keep hot data close and cheap to read, without serving stale or wrong answers.',
      links: [['Redis documentation', 'https://redis.io/docs/latest/']],
      subtopics: [
        {
          label: 'Cache strategies',
          description:
            'Cache-aside, expiry times and invalidation; decide what may be stale and for how long.',
          links: [['MDN: HTTP caching', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/Caching']],
        },
        {
          label: 'Rate limiting',
          description:
            'Protect sign-in and expensive endpoints with counters per user or address, answered with 429 and Retry-After.',
          links: [
            [
              'MDN: 429 Too Many Requests',
              'https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Status/429',
            ],
          ],
        },
      ],
    },
    {
      label: 'Authentication',
      description:
        'Know who is calling and what they may do. Use proven building blocks; most breaches start here.',
      links: [
        [
          'OWASP: Authentication cheat sheet',
          'https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html',
        ],
      ],
      subtopics: [
        {
          label: 'Password hashing',
          description:
            'Store only slow, salted hashes such as argon2id or bcrypt, never the password itself.',
          links: [
            [
              'OWASP: Password storage',
              'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
            ],
          ],
        },
        {
          label: 'Sessions and cookies',
          description:
            'Server-side sessions behind HttpOnly cookies, rotation on sign-in, and revocation on sign-out.',
          links: [
            [
              'OWASP: Session management',
              'https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html',
            ],
          ],
        },
        {
          label: 'JWT',
          description:
            'Signed tokens: what they are good for, why they are hard to revoke, and how to keep them short-lived.',
          links: [['Introduction to JWT', 'https://jwt.io/introduction']],
        },
        {
          label: 'OAuth and OpenID',
          description:
            'Sign in with Google and other providers: verify the ID token signature, audience and expiry.',
          links: [['OAuth 2.0', 'https://oauth.net/2/']],
        },
      ],
    },
    {
      label: 'Security',
      description: 'Assume every input is hostile. The OWASP Top 10 is the checklist most attacks come from.',
      links: [['OWASP Top 10', 'https://owasp.org/www-project-top-ten/']],
      subtopics: [
        {
          label: 'SQL injection',
          description: 'Parameterised queries always; never build SQL by joining strings with user input.',
          links: [
            [
              'OWASP: SQL injection prevention',
              'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
            ],
          ],
        },
        {
          label: 'Access control',
          description:
            'Check on the server that this user may touch this record, on every request, not only in the interface.',
          links: [
            [
              'OWASP: Authorization cheat sheet',
              'https://cheatsheetseries.owasp.org/cheatsheets/Authorization_Cheat_Sheet.html',
            ],
          ],
        },
        {
          label: 'Secrets',
          description:
            'Keep keys out of the repository, load them from the environment, and rotate them when people leave.',
          links: [
            [
              'OWASP: Secrets management',
              'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html',
            ],
          ],
        },
      ],
    },
    {
      label: 'Background work',
      description:
        'Slow or unreliable work (mail, payments, reports) belongs in a queue, not inside a request.',
      links: [['RabbitMQ tutorials', 'https://www.rabbitmq.com/tutorials']],
      subtopics: [
        {
          label: 'Job queues',
          description:
            'Retries with backoff, idempotent handlers, and dead letters for jobs that keep failing.',
          links: [['pg-boss', 'https://github.com/timgit/pg-boss']],
        },
        {
          label: 'Event streaming',
          description: 'Logs of events that many services read at their own pace, as in Kafka.',
          links: [['Apache Kafka documentation', 'https://kafka.apache.org/documentation/']],
        },
        {
          label: 'Real time',
          description:
            'WebSockets for pushing updates to browsers, and an adapter so several servers can share them.',
          links: [['Socket.IO documentation', 'https://socket.io/docs/v4/']],
        },
      ],
    },
    {
      label: 'Testing the backend',
      description:
        'Test rules as plain functions, and the API against a real database; mocks of your own database hide the bugs that matter.',
      links: [['Vitest guide', 'https://vitest.dev/guide/']],
      subtopics: [
        {
          label: 'Unit tests',
          description:
            'Pure functions for rules such as prices, permissions and state changes, tested without HTTP.',
          links: [['Node.js test runner', 'https://nodejs.org/docs/latest/api/test.html']],
        },
        {
          label: 'Integration tests',
          description:
            'The real app over HTTP against a real PostgreSQL, each test file on a fresh database.',
          links: [['Fastify: Testing', 'https://fastify.dev/docs/latest/Guides/Testing/']],
        },
        {
          label: 'Load tests',
          description:
            'Measure throughput and latency before users do, and compare against a baseline in the same run.',
          links: [['autocannon', 'https://github.com/mcollina/autocannon']],
        },
      ],
    },
    {
      label: 'Running in production',
      description:
        'A service is only done when it runs reliably, tells you when it is unwell, and can be changed safely.',
      links: [['The Twelve-Factor App', 'https://12factor.net/']],
      subtopics: [
        {
          label: 'Configuration',
          description:
            'Everything that differs between environments comes from the environment, checked once at start-up.',
          links: [['Twelve-Factor: Config', 'https://12factor.net/config']],
        },
        {
          label: 'Logging',
          description:
            'Structured logs with a request id, so one request can be followed through every line it wrote.',
          links: [['Pino', 'https://getpino.io/']],
        },
        {
          label: 'Containers',
          description: 'Package the service with its runtime so it runs the same on a laptop and a server.',
          links: [['Docker: Get started', 'https://docs.docker.com/get-started/']],
        },
        {
          label: 'Health checks',
          description:
            'An endpoint that says whether the service and its database are ready, for load balancers and orchestrators.',
          links: [
            [
              'Kubernetes: Probes',
              'https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/',
            ],
          ],
        },
      ],
    },
  ],
};
