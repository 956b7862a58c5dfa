import type { SeedQuestion } from './types';

/** Written for Skillroute: the DevOps skill test, from a Linux shell and containers to Kubernetes, delivery, infrastructure as code and observability. */
export const devopsQuestions: readonly SeedQuestion[] = [
  {
    text: 'After chmod 640 report.txt, who can do what with the file?',
    options: [
      { text: 'The owner can read and write, the group can read, others have no access', isCorrect: true },
      {
        text: 'The owner can read, write and execute, the group can read, others can write',
        isCorrect: false,
      },
      { text: 'Everyone can read, only the owner can write', isCorrect: false },
      { text: 'The owner can read, the group can read and write, others have no access', isCorrect: false },
    ],
  },
  {
    text: 'What is the difference between SIGTERM and SIGKILL?',
    options: [
      { text: 'SIGKILL asks the process to stop, while SIGTERM ends it at once', isCorrect: false },
      { text: 'SIGTERM can be caught for a clean shutdown; SIGKILL cannot', isCorrect: true },
      { text: 'SIGTERM only works on processes that were started by root', isCorrect: false },
      { text: 'None: both are aliases for the same signal number on Linux', isCorrect: false },
    ],
  },
  {
    text: 'A log file was deleted with rm to free disk space, but df shows no space was freed. What is the most likely cause?',
    options: [
      { text: 'The file system must be checked with fsck before it frees space', isCorrect: false },
      { text: 'rm only moves files to a hidden trash directory on the same disk', isCorrect: false },
      { text: 'A process still has the file open; space returns when it closes it', isCorrect: true },
      { text: 'df caches its figures and only refreshes them once an hour', isCorrect: false },
    ],
  },
  {
    text: 'What is the key difference between a container and a virtual machine?',
    options: [
      { text: 'Containers only run on Linux laptops, while virtual machines run anywhere', isCorrect: false },
      { text: 'A container boots its own guest kernel, while a virtual machine does not', isCorrect: false },
      { text: 'Containers cannot limit CPU or memory, while virtual machines can', isCorrect: false },
      { text: 'Containers share the host kernel; a virtual machine runs its own', isCorrect: true },
    ],
  },
  {
    text: 'Why does a Node.js Dockerfile usually copy package.json and the lockfile and run npm ci before COPY . . of the source code?',
    options: [
      { text: 'So the dependency layer comes from cache when only code changes', isCorrect: true },
      { text: 'Because npm ci refuses to run when source files are already present', isCorrect: false },
      { text: 'To make the final image smaller, as each COPY compresses its files', isCorrect: false },
      { text: 'Because Docker runs COPY instructions after all RUN instructions', isCorrect: false },
    ],
  },
  {
    text: 'An image has ENTRYPOINT ["node"] and CMD ["server.js"]. What runs for docker run my-image worker.js?',
    options: [
      { text: 'node server.js worker.js', isCorrect: false },
      { text: 'worker.js, without node', isCorrect: false },
      { text: 'node worker.js', isCorrect: true },
      { text: 'node server.js, the extra argument is ignored', isCorrect: false },
    ],
  },
  {
    text: 'A container uses the shell form CMD node server.js, and docker stop takes about ten seconds before the container dies without running its shutdown code. What is a likely cause?',
    options: [
      { text: 'Node.js ignores every signal when it runs inside a container', isCorrect: false },
      {
        text: 'The shell is PID 1 and may not forward SIGTERM, so Docker kills it after the timeout',
        isCorrect: true,
      },
      { text: 'docker stop always waits ten seconds before it sends any signal at all', isCorrect: false },
      { text: 'The image has no HEALTHCHECK, so Docker cannot tell that it is stopping', isCorrect: false },
    ],
  },
  {
    text: 'What is the main benefit of a multi-stage Docker build?',
    options: [
      { text: 'The stages run in parallel on several machines, which speeds up the build', isCorrect: false },
      { text: 'The final image keeps only runtime files, not compilers and build tools', isCorrect: true },
      { text: 'Each stage becomes a separate container when the image is run', isCorrect: false },
      { text: 'It lets one image run on both Linux and Windows hosts unchanged', isCorrect: false },
    ],
  },
  {
    text: 'A database runs in a container without any volume or bind mount. What happens to its data when the container is removed with docker rm?',
    options: [
      { text: 'It is kept in the image and comes back with the next container', isCorrect: false },
      { text: 'It is moved to a default named volume', isCorrect: false },
      { text: 'It is kept until the host reboots', isCorrect: false },
      { text: 'It is lost, because it lived in the writable layer of that container', isCorrect: true },
    ],
  },
  {
    text: 'Two containers, api and db, are attached to the same user-defined bridge network. How can api reach db?',
    options: [
      { text: 'Only through a port published on the host', isCorrect: false },
      { text: 'By the container name db, resolved by the DNS server built into Docker', isCorrect: true },
      { text: 'Only by the IP address of db, which must be looked up with docker inspect', isCorrect: false },
      { text: 'Through localhost, because containers on one network share a loopback', isCorrect: false },
    ],
  },
  {
    text: 'An app inside a container listens on 127.0.0.1:8080, and the container is started with -p 8080:8080. Why does the host get no answer on localhost:8080?',
    options: [
      { text: 'Port 8080 is reserved by Docker for its own API on the host', isCorrect: false },
      { text: 'The -p flag expects the ports in the reverse order, container first', isCorrect: false },
      { text: 'The app only listens on the container loopback; it must bind 0.0.0.0', isCorrect: true },
      { text: 'Published ports only forward UDP traffic unless tcp is specified', isCorrect: false },
    ],
  },
  {
    text: 'What is a Pod in Kubernetes?',
    options: [
      { text: 'The smallest deployable unit: containers sharing a network namespace', isCorrect: true },
      { text: 'A physical or virtual machine that joins the cluster as a worker', isCorrect: false },
      { text: 'A group of nodes running in the same availability zone', isCorrect: false },
      { text: 'A container image stored in the registry built into the cluster', isCorrect: false },
    ],
  },
  {
    text: 'When would you run a workload as a StatefulSet rather than a Deployment?',
    options: [
      { text: 'When it must run exactly one pod on every node of the cluster', isCorrect: false },
      { text: 'When it runs to completion once and then stops, like a batch job', isCorrect: false },
      { text: 'When pods need stable names and their own volumes, as in a database', isCorrect: true },
      { text: 'When each of its pods needs more than one container', isCorrect: false },
    ],
  },
  {
    text: 'The readiness probe of a running pod starts failing while its liveness probe keeps passing. What does Kubernetes do?',
    options: [
      { text: 'It restarts the container, as it would for a failed liveness probe', isCorrect: false },
      { text: 'It deletes the pod and schedules a replacement on another node', isCorrect: false },
      { text: 'Nothing, because the readiness probe only matters at startup', isCorrect: false },
      { text: 'It takes the pod out of Service endpoints but does not restart it', isCorrect: true },
    ],
  },
  {
    text: 'What does a Kubernetes Service of type ClusterIP provide?',
    options: [
      { text: 'A public IP address on the internet for each of the pods', isCorrect: false },
      { text: 'A stable in-cluster IP and DNS name that balances across its pods', isCorrect: true },
      { text: 'A fixed IP address for one chosen pod, kept across its restarts', isCorrect: false },
      { text: 'A port opened on every node, reachable from outside the cluster', isCorrect: false },
    ],
  },
  {
    text: 'A container goes over its memory limit, and another goes over its CPU limit. What happens to each?',
    options: [
      { text: 'Both containers are killed and restarted by the kubelet', isCorrect: false },
      { text: 'Both containers are only slowed down until usage drops', isCorrect: false },
      { text: 'The first is throttled and the second is killed', isCorrect: false },
      { text: 'The first is OOMKilled; the second is throttled', isCorrect: true },
    ],
  },
  {
    text: 'What does the status CrashLoopBackOff on a pod tell you?',
    options: [
      { text: 'A container keeps exiting, and restarts are delayed more each time', isCorrect: true },
      { text: 'The image cannot be pulled from the registry, so the pod waits', isCorrect: false },
      { text: 'The pod cannot be scheduled, because no node has enough resources', isCorrect: false },
      { text: 'The pod is being moved to another node after a node failure', isCorrect: false },
    ],
  },
  {
    text: 'How does a rolling update of a Deployment avoid downtime?',
    options: [
      { text: 'It stops all old pods first, then starts the new ones very quickly', isCorrect: false },
      { text: 'It swaps pods step by step and routes traffic only to ready ones', isCorrect: true },
      { text: 'It keeps both versions running forever and lets clients choose', isCorrect: false },
      { text: 'It pauses incoming requests at the load balancer during the switch', isCorrect: false },
    ],
  },
  {
    text: 'Which statement about Kubernetes Secrets, with a default cluster setup, is true?',
    options: [
      { text: 'Their values are encrypted with a key that only the pod knows', isCorrect: false },
      { text: 'They can never be read back through the API once created', isCorrect: false },
      { text: 'Values are only base64-encoded; encryption at rest is opt-in', isCorrect: true },
      { text: 'They are kept only in the memory of the pods that mount them', isCorrect: false },
    ],
  },
  {
    text: 'What is the difference between continuous delivery and continuous deployment?',
    options: [
      { text: 'They are two names for the same practice, used by different vendors', isCorrect: false },
      { text: 'Continuous delivery skips the automated tests; deployment runs them', isCorrect: false },
      { text: 'Continuous deployment applies to mobile apps, delivery to web apps', isCorrect: false },
      {
        text: 'In delivery a person decides when to release; in deployment each passing change ships',
        isCorrect: true,
      },
    ],
  },
  {
    text: 'Why do CI pipelines for Node.js projects run npm ci rather than npm install?',
    options: [
      {
        text: 'It installs exactly what the lockfile says, and fails if it does not match package.json',
        isCorrect: true,
      },
      { text: 'It skips devDependencies, so the pipeline installs less', isCorrect: false },
      { text: 'It updates every dependency to its latest version before testing', isCorrect: false },
      { text: 'npm install does not work without an interactive terminal', isCorrect: false },
    ],
  },
  {
    text: 'A team stores a database password as a plain variable in the CI configuration file of its repository. What is the better practice?',
    options: [
      { text: 'Base64-encode it in the same file so it cannot be read', isCorrect: false },
      { text: 'Use the CI secret store, scoped to the jobs that need it', isCorrect: true },
      { text: 'Move it to the README so that it is at least documented', isCorrect: false },
      { text: 'Commit it only on a private branch that is never merged', isCorrect: false },
    ],
  },
  {
    text: 'How many IP addresses does the block 10.0.0.0/22 contain?',
    options: [
      { text: '256', isCorrect: false },
      { text: '512', isCorrect: false },
      { text: '1024', isCorrect: true },
      { text: '4096', isCorrect: false },
    ],
  },
  {
    text: 'A load balancer in front of an application answers 502 Bad Gateway. What does this usually mean?',
    options: [
      { text: 'The client sent a malformed request that could not be parsed', isCorrect: false },
      { text: 'The client is not authenticated and must log in first', isCorrect: false },
      { text: 'The requested path does not exist on the application', isCorrect: false },
      { text: 'The upstream app sent a bad response, or none at all', isCorrect: true },
    ],
  },
  {
    text: 'What does a DNS CNAME record do?',
    options: [
      { text: 'It maps a name directly to an IPv4 address', isCorrect: false },
      { text: 'It makes a name an alias for another name', isCorrect: true },
      { text: 'It lists the mail servers that accept mail for a domain', isCorrect: false },
      { text: 'It redirects HTTP requests to another URL with a 301', isCorrect: false },
    ],
  },
  {
    text: 'What does terraform plan do?',
    options: [
      { text: 'It creates the resources described in the configuration files', isCorrect: false },
      { text: 'It downloads the providers and modules, and nothing else', isCorrect: false },
      { text: 'It shows what apply would change, without changing anything', isCorrect: true },
      { text: 'It deletes resources that are no longer in the configuration', isCorrect: false },
    ],
  },
  {
    text: 'Why does a team keep Terraform state in a remote backend that supports locking?',
    options: [
      { text: 'So the team shares one state and two applies cannot run at once', isCorrect: true },
      { text: 'Because local state files cannot hold more than 100 resources', isCorrect: false },
      { text: 'So Terraform can run without any provider credentials at all', isCorrect: false },
      { text: 'Because remote state lets plan skip refreshing real resources', isCorrect: false },
    ],
  },
  {
    text: 'What does it mean that an infrastructure as code run, such as an Ansible playbook, is idempotent?',
    options: [
      { text: 'It can only be run once on each machine, then it is locked', isCorrect: false },
      { text: 'It runs the same steps on all machines at the same moment', isCorrect: false },
      { text: 'It never needs credentials to reach the target machines', isCorrect: false },
      {
        text: 'Running it again gives the same end state, and changes nothing once it matches',
        isCorrect: true,
      },
    ],
  },
  {
    text: 'How do metrics, logs and traces differ?',
    options: [
      { text: 'Metrics are numbers over time, logs are events, traces follow a request', isCorrect: true },
      { text: 'They are the same data, just stored and queried in different tools', isCorrect: false },
      { text: 'Metrics are for developers, logs for managers, and traces for auditors', isCorrect: false },
      {
        text: 'Logs are aggregated numbers, metrics are free text, traces are stack dumps',
        isCorrect: false,
      },
    ],
  },
  {
    text: 'Why is p99 latency often more useful than average latency when watching a service?',
    options: [
      { text: 'p99 is cheaper to compute than an average over the same data', isCorrect: false },
      { text: 'The average hides the slow tail; p99 shows what the slowest 1% face', isCorrect: true },
      { text: 'p99 leaves out slow requests, so the number is more stable', isCorrect: false },
      { text: 'p99 is the average of the 99 slowest requests in the window', isCorrect: false },
    ],
  },
];
