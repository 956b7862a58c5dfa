import type { DemoRoadmap } from './outline';

const k8s = (path: string) => `https://kubernetes.io/docs/${path}`;

/** Written for Skillroute: from a Linux shell to running, observing and recovering services in the cloud. */
export const devopsRoadmap: DemoRoadmap = {
  title: 'DevOps Engineer',
  description:
    'Ship software often and keep it running: Linux and networking, containers, CI/CD, infrastructure as code, Kubernetes, observability and incident response.',
  topics: [
    {
      label: 'Linux fundamentals',
      description: 'Almost every server runs Linux. Be at home in a terminal before anything else.',
      links: [['The Linux command line', 'https://linuxcommand.org/']],
      subtopics: [
        {
          label: 'Shell and Bash',
          description:
            'Navigating, pipes and redirection, environment variables, and small scripts that automate repeated work.',
          links: [['GNU Bash manual', 'https://www.gnu.org/software/bash/manual/']],
        },
        {
          label: 'Files and permissions',
          description: 'Owners, groups and modes, and why a service should run as its own unprivileged user.',
          links: [['Linux man pages', 'https://man7.org/linux/man-pages/']],
        },
        {
          label: 'Processes and services',
          description: 'ps, top, signals, and systemd units that start, restart and log your services.',
          links: [['systemd documentation', 'https://systemd.io/']],
        },
        {
          label: 'Package managers',
          description: 'Installing and pinning software with apt or dnf, and keeping machines patched.',
          links: [['Debian: apt', 'https://wiki.debian.org/Apt']],
        },
      ],
    },
    {
      label: 'Networking',
      description:
        'Most outages are network problems in disguise. Know how packets find their way and how to check each hop.',
      links: [['Cloudflare Learning Center', 'https://www.cloudflare.com/learning/']],
      subtopics: [
        {
          label: 'TCP/IP and ports',
          description: 'Addresses, subnets, ports, and the difference between TCP and UDP.',
          links: [
            ['Cloudflare: What is TCP/IP?', 'https://www.cloudflare.com/learning/ddos/glossary/tcp-ip/'],
          ],
        },
        {
          label: 'DNS',
          description: 'Records, TTLs and resolvers, and how to debug a name that does not resolve.',
          links: [['Cloudflare: What is DNS?', 'https://www.cloudflare.com/learning/dns/what-is-dns/']],
        },
        {
          label: 'Load balancers',
          description:
            'Spreading traffic across servers, health checks, and sticky sessions when a protocol needs them.',
          links: [
            [
              'Cloudflare: What is load balancing?',
              'https://www.cloudflare.com/learning/performance/what-is-load-balancing/',
            ],
          ],
        },
        {
          label: 'TLS certificates',
          description: 'Issuing and renewing certificates automatically, and terminating TLS at the edge.',
          links: [["Let's Encrypt documentation", 'https://letsencrypt.org/docs/']],
        },
      ],
    },
    {
      label: 'Web servers and proxies',
      description:
        'The front door of most services: serve static files, terminate TLS, and forward requests to applications.',
      links: [['nginx documentation', 'https://nginx.org/en/docs/']],
      subtopics: [
        {
          label: 'Reverse proxy',
          description:
            'Forward requests to application servers, pass the right headers, and upgrade connections for WebSockets.',
          links: [
            ['nginx: Reverse proxy', 'https://docs.nginx.com/nginx/admin-guide/web-server/reverse-proxy/'],
          ],
        },
        {
          label: 'Compression and caching',
          description:
            'gzip or brotli for text, long cache lifetimes for hashed assets, and no caching for private responses.',
          links: [['MDN: HTTP caching', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/Caching']],
        },
      ],
    },
    {
      label: 'Git and collaboration',
      description: 'Everything starts as a commit. A clean workflow makes automation possible.',
      links: [['Pro Git book', 'https://git-scm.com/book/en/v2']],
      subtopics: [
        {
          label: 'Branching workflows',
          description: 'Short-lived branches, pull requests and reviews, and keeping main always releasable.',
          links: [['GitHub flow', 'https://docs.github.com/en/get-started/using-github/github-flow']],
        },
        {
          label: 'Versioning',
          description:
            'Semantic versions and tags that tell people what changed and whether it is safe to upgrade.',
          links: [['Semantic Versioning', 'https://semver.org/']],
        },
      ],
    },
    {
      label: 'Containers',
      description: 'Package an application with everything it needs, so it runs the same everywhere.',
      links: [['Docker: Get started', 'https://docs.docker.com/get-started/']],
      subtopics: [
        {
          label: 'Images and Dockerfiles',
          description:
            'Small images built in stages, pinned base versions, and layers ordered so rebuilds are fast.',
          links: [['Dockerfile reference', 'https://docs.docker.com/reference/dockerfile/']],
        },
        {
          label: 'Docker Compose',
          description: 'Run an application with its database and cache on one machine with a single file.',
          links: [['Docker Compose', 'https://docs.docker.com/compose/']],
        },
        {
          label: 'Registries',
          description:
            'Store and version images, scan them for known vulnerabilities, and control who may push.',
          links: [['Docker Hub docs', 'https://docs.docker.com/docker-hub/']],
        },
      ],
    },
    {
      label: 'CI/CD',
      description:
        'Every change is built, tested and delivered the same way, by a machine, many times a day.',
      links: [['GitHub Actions documentation', 'https://docs.github.com/en/actions']],
      subtopics: [
        {
          label: 'Pipelines',
          description:
            'Install, typecheck, lint, test and build on every push, from a clean checkout, with cached dependencies.',
          links: [
            [
              'GitHub Actions: Workflows',
              'https://docs.github.com/en/actions/concepts/workflows-and-actions/workflows',
            ],
          ],
        },
        {
          label: 'Deployment strategies',
          description: 'Rolling, blue-green and canary releases, and a rollback that is one command away.',
          links: [['Kubernetes: Deployments', k8s('concepts/workloads/controllers/deployment/')]],
        },
        {
          label: 'Artifacts and releases',
          description:
            'Build once, promote the same artifact through environments, and record what is running where.',
          links: [['Twelve-Factor: Build, release, run', 'https://12factor.net/build-release-run']],
        },
      ],
    },
    {
      label: 'Infrastructure as code',
      description:
        'Describe servers, networks and services in files under version control instead of clicking through consoles.',
      links: [['Terraform documentation', 'https://developer.hashicorp.com/terraform/docs']],
      subtopics: [
        {
          label: 'Terraform',
          description: 'Declarative resources, plans before changes, and remote state shared by the team.',
          links: [['Terraform: Get started', 'https://developer.hashicorp.com/terraform/tutorials']],
        },
        {
          label: 'Configuration management',
          description: 'Ansible playbooks that bring machines to a known state, idempotently.',
          links: [['Ansible documentation', 'https://docs.ansible.com/']],
        },
      ],
    },
    {
      label: 'Cloud providers',
      description:
        'Learn one cloud well: its compute, storage, networking and identity services, and what they cost.',
      links: [['AWS: Getting started', 'https://aws.amazon.com/getting-started/']],
      subtopics: [
        {
          label: 'Compute',
          description: 'Virtual machines, managed containers and functions, and choosing between them.',
          links: [
            ['Amazon EC2 user guide', 'https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/concepts.html'],
          ],
        },
        {
          label: 'Object storage',
          description: 'Buckets for files and backups, lifecycle rules, and keeping them private by default.',
          links: [
            ['Amazon S3 user guide', 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/Welcome.html'],
          ],
        },
        {
          label: 'Identity and access',
          description: 'Least-privilege roles for people and services, and no long-lived keys on laptops.',
          links: [
            ['AWS IAM user guide', 'https://docs.aws.amazon.com/IAM/latest/UserGuide/introduction.html'],
          ],
        },
      ],
    },
    {
      label: 'Kubernetes',
      description: 'Run containers across many machines with self-healing, scaling and rolling updates.',
      links: [['Kubernetes documentation', k8s('home/')]],
      subtopics: [
        {
          label: 'Pods and deployments',
          description:
            'The units Kubernetes schedules and the controllers that keep the desired number running.',
          links: [['Kubernetes: Pods', k8s('concepts/workloads/pods/')]],
        },
        {
          label: 'Services and ingress',
          description:
            'Stable addresses for changing pods, and routing outside traffic to the right service.',
          links: [['Kubernetes: Service', k8s('concepts/services-networking/service/')]],
        },
        {
          label: 'Config and secrets',
          description: 'ConfigMaps and Secrets mounted into pods, kept out of images.',
          links: [['Kubernetes: ConfigMaps', k8s('concepts/configuration/configmap/')]],
        },
        {
          label: 'Helm',
          description: 'Package a set of Kubernetes manifests as a chart with values for each environment.',
          links: [['Helm documentation', 'https://helm.sh/docs/']],
        },
      ],
    },
    {
      label: 'Observability',
      description:
        'Know what your systems are doing from the outside: metrics, logs and traces, and alerts that mean something.',
      links: [['OpenTelemetry documentation', 'https://opentelemetry.io/docs/']],
      subtopics: [
        {
          label: 'Metrics',
          description:
            'Counters, gauges and histograms collected by Prometheus; latency percentiles rather than averages.',
          links: [['Prometheus overview', 'https://prometheus.io/docs/introduction/overview/']],
        },
        {
          label: 'Dashboards',
          description: 'A few dashboards that answer "is it healthy?" at a glance, built in Grafana.',
          links: [['Grafana documentation', 'https://grafana.com/docs/grafana/latest/']],
        },
        {
          label: 'Tracing',
          description: 'Follow one request across services to find where the time goes.',
          links: [['OpenTelemetry: Traces', 'https://opentelemetry.io/docs/concepts/signals/traces/']],
        },
        {
          label: 'Alerting',
          description:
            'Alert on symptoms users feel, route alerts to the right person, and keep the noise low.',
          links: [['Prometheus: Alerting', 'https://prometheus.io/docs/alerting/latest/overview/']],
        },
      ],
    },
    {
      label: 'Reliability',
      description: 'Decide how reliable a service must be, measure it, and learn from every incident.',
      links: [['Google SRE book', 'https://sre.google/sre-book/table-of-contents/']],
      subtopics: [
        {
          label: 'SLOs and error budgets',
          description:
            'Targets for availability and latency that tell the team when to ship and when to slow down.',
          links: [
            ['SRE book: Service level objectives', 'https://sre.google/sre-book/service-level-objectives/'],
          ],
        },
        {
          label: 'Incident response',
          description: 'Clear roles during an incident, status updates, and blameless reviews afterwards.',
          links: [['SRE book: Managing incidents', 'https://sre.google/sre-book/managing-incidents/']],
        },
        {
          label: 'Backups and recovery',
          description: 'Automated backups, and restores practised often enough that you trust them.',
          links: [['PostgreSQL: Backup and restore', 'https://www.postgresql.org/docs/current/backup.html']],
        },
      ],
    },
  ],
};
