import type { Language } from '@skillroute/shared/mentors';
import type { StoredWeeklyHours } from '../../db/schema/mentors';

/**
 * The demo mentors' listing data, of our own writing. Company names are made up, so no card reads as an
 * endorsement by a real employer. Reviews, ratings and sessions held are left at zero: they come from real
 * bookings only.
 */

/** Start hours `from` up to, not including, `to` (10 … 16 are the slots a day can have). */
const span = (from: number, to: number): number[] =>
  Array.from({ length: to - from }, (_, index) => from + index);

/** The same hours every weekday. */
const everyWeekday = (hours: number[]): StoredWeeklyHours => ({
  monday: hours,
  tuesday: hours,
  wednesday: hours,
  thursday: hours,
  friday: hours,
});

/** A date `daysAhead` after the seed day (in the mentor's zone) with other hours; no hours is a day off. */
export interface DemoOverride {
  daysAhead: number;
  hours: number[];
}

export interface DemoAvailability {
  timezone: string;
  /** Whole rupees, as the availability dialog shows it; stored as paise. */
  priceRupees: number;
  weeklyHours: StoredWeeklyHours;
  overrides?: DemoOverride[];
}

/** What the listing adds to the four mentors the demo assessments seeder makes, by their address. */
export const existingMentorListings: readonly {
  email: string;
  companies: string[];
  availability: DemoAvailability;
}[] = [
  {
    email: 'priya@skillroute.invalid',
    companies: ['Finlane Payments', 'Kitebyte Labs'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 1500,
      weeklyHours: { monday: span(10, 13), wednesday: span(14, 17), friday: span(10, 17) },
    },
  },
  {
    email: 'arjun@skillroute.invalid',
    companies: ['Ledgerline', 'Northpeak Bank Technology', 'Tallyworks'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 1200,
      weeklyHours: everyWeekday(span(15, 17)),
      overrides: [{ daysAhead: 6, hours: [] }],
    },
  },
  {
    email: 'meera@skillroute.invalid',
    companies: ['Kesselhaus Cloud'],
    availability: {
      timezone: 'Europe/Berlin',
      priceRupees: 2000,
      weeklyHours: { tuesday: span(10, 14), thursday: span(10, 14) },
    },
  },
  {
    email: 'daniel@skillroute.invalid',
    companies: [],
    availability: {
      timezone: 'Europe/London',
      priceRupees: 800,
      weeklyHours: { monday: span(12, 17), tuesday: span(12, 17), thursday: span(12, 17) },
    },
  },
];

export interface DemoListedMentor {
  name: string;
  /** Stack names as the demo assessments seeder writes them, in the order the mentor earned them. */
  skills: string[];
  headline: string;
  bio: string;
  expirience: number;
  languages: Language[];
  companies: string[];
  availability: DemoAvailability;
}

export const listedDemoMentors: readonly DemoListedMentor[] = [
  {
    name: 'Ananya Iyer',
    skills: ['React', 'Node.js'],
    headline: 'Full-stack engineer building checkout flows in React and Node.js',
    bio: 'Six years on payment pages where every extra second costs money. I can help you make a React app fast, test it properly and talk about it confidently in interviews.',
    expirience: 6,
    languages: ['english', 'tamil', 'hindi'],
    companies: ['Finlane Payments', 'Kitebyte Labs'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 1400,
      weeklyHours: { monday: span(10, 13), tuesday: span(10, 13), thursday: span(14, 17) },
    },
  },
  {
    name: 'Rohan Mehta',
    skills: ['Java', 'SQL'],
    headline: 'Principal engineer for core banking services in Java',
    bio: 'Twelve years of Java in banks and fintechs: transactions, batch jobs, audits and the occasional midnight incident. I mentor engineers preparing for senior and staff interviews and those learning to design systems that must never lose a rupee.',
    expirience: 12,
    languages: ['english', 'hindi'],
    companies: ['Northpeak Bank Technology', 'Ledgerline', 'Tallyworks'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 2500,
      weeklyHours: { wednesday: span(15, 17), friday: span(15, 17) },
      overrides: [{ daysAhead: 9, hours: [] }],
    },
  },
  {
    name: 'Fatima Sheikh',
    skills: ['Python', 'SQL'],
    headline: 'Data analyst turned analytics engineer',
    bio: 'I started in spreadsheets and now write the SQL models a retail business plans its stock with. Ask me about moving from analysis into engineering, pandas habits worth breaking, and writing queries other people can read.',
    expirience: 4,
    languages: ['english', 'hindi'],
    companies: ['Cartwheel Retail'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 900,
      weeklyHours: { tuesday: span(11, 15), thursday: span(11, 15) },
    },
  },
  {
    name: 'Vikram Nair',
    skills: ['DevOps'],
    headline: 'Site reliability lead: on-call that lets people sleep',
    bio: 'A decade running telecom and cloud platforms. I help teams set up sensible alerts, write runbooks people actually follow and get through their first Kubernetes migration without drama.',
    expirience: 10,
    languages: ['english', 'malayalam'],
    companies: ['Cloudmint', 'Harbourstack', 'Orbitline Telecom'],
    availability: { timezone: 'Asia/Kolkata', priceRupees: 2200, weeklyHours: everyWeekday(span(10, 12)) },
  },
  {
    name: 'Lakshmi Raghavan',
    skills: ['SQL', 'Python'],
    headline: 'Database architect with fifteen years of PostgreSQL and Oracle',
    bio: 'I have designed schemas for insurers, hospitals and analytics firms, and untangled many more. Bring me a slow query, a migration plan or a data model you are unsure of and we will work through it together.',
    expirience: 15,
    languages: ['english', 'tamil'],
    companies: [
      'Meridian Insurance Systems',
      'Granary Analytics',
      'Tallyworks',
      'Bluefern Health',
      'Quillstone',
    ],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 3000,
      weeklyHours: { monday: span(16, 17), wednesday: span(16, 17) },
    },
  },
  {
    name: 'Karthik Subramanian',
    skills: ['Node.js', 'DevOps'],
    headline: 'Backend engineer shipping Node.js services to production daily',
    bio: 'Eight years in logistics tech, where deliveries wait for nobody. I mentor on Node.js service design, queues and retries, CI pipelines and the habits that make deploying on a Friday boring.',
    expirience: 8,
    languages: ['english', 'tamil'],
    companies: ['Swiftcart Logistics', 'Relaypoint'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 1800,
      weeklyHours: { monday: span(13, 17), friday: span(13, 17) },
      overrides: [{ daysAhead: 4, hours: span(10, 12) }],
    },
  },
  {
    name: 'Sneha Kulkarni',
    skills: ['React'],
    headline: 'Frontend developer, two years in, happy to help newer folks',
    bio: 'I got my first frontend job through a bootcamp and a lot of late-night practice. I remember what was confusing, so I explain React state, effects and portfolio projects in plain words.',
    expirience: 2,
    languages: ['english', 'hindi'],
    companies: [],
    availability: { timezone: 'Asia/Kolkata', priceRupees: 500, weeklyHours: everyWeekday(span(14, 17)) },
  },
  {
    name: 'Aditya Banerjee',
    skills: ['Java'],
    headline: 'Java developer on ticketing systems for railways and buses',
    bio: 'Five years writing Spring services that must stay up on festival weekends. I enjoy code reviews, explaining concurrency without fear, and helping people prepare for their first backend interview.',
    expirience: 5,
    languages: ['english', 'hindi'],
    companies: ['Trainlink Mobility'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 1000,
      weeklyHours: { tuesday: span(10, 17), thursday: span(10, 17) },
    },
  },
  {
    name: 'Neha Gupta',
    skills: ['Python'],
    headline: 'Python developer building learning tools for schools',
    bio: 'Three years of Django and FastAPI at an education startup. I like helping beginners past their first real project: structuring code, writing tests and reading error messages calmly.',
    expirience: 3,
    languages: ['english', 'hindi'],
    companies: ['Sproutly Edtech'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 700,
      weeklyHours: { monday: span(11, 13), wednesday: span(11, 13), friday: span(11, 13) },
    },
  },
  {
    name: 'Arun Pillai',
    skills: ['Java', 'DevOps'],
    headline: 'Engineering manager who still writes Java and Terraform',
    bio: 'Eleven years from developer to manager of two platform teams. I mentor engineers on growing into tech lead roles, on infrastructure as code, and on explaining trade-offs to people who are not engineers.',
    expirience: 11,
    languages: ['english', 'malayalam', 'hindi'],
    companies: ['Harbourstack', 'Keralink Systems'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 2000,
      weeklyHours: { wednesday: span(10, 12), friday: span(14, 16) },
      overrides: [{ daysAhead: 12, hours: span(13, 17) }],
    },
  },
  {
    name: 'Divya Menon',
    skills: ['React', 'Node.js'],
    headline: 'Product engineer on travel booking apps',
    bio: 'Seven years building search and booking screens that millions use each holiday season. I help with React performance, accessible forms and working well with designers and product managers.',
    expirience: 7,
    languages: ['english', 'malayalam'],
    companies: ['Kitebyte Labs', 'Pebblepath Travel'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 1600,
      weeklyHours: { monday: span(10, 17), thursday: span(10, 12) },
    },
  },
  {
    name: 'Imran Qureshi',
    skills: ['SQL'],
    headline: 'Analytics engineer: SQL models, dashboards and data quality',
    bio: 'Nine years turning messy tables into numbers people trust. I teach window functions, query plans and testing data pipelines, and I review portfolios for analyst and data engineer roles.',
    expirience: 9,
    languages: ['english', 'hindi'],
    companies: ['Granary Analytics'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 1300,
      weeklyHours: { tuesday: span(12, 16), wednesday: span(12, 16) },
    },
  },
  {
    name: 'Pooja Reddy',
    skills: ['Node.js'],
    headline: 'Junior backend developer sharing what the first year taught her',
    bio: 'One year into my first job writing Express APIs. I pair with beginners on JavaScript basics, REST design and Git, and share honestly how I prepared for interviews as a fresher.',
    expirience: 1,
    languages: ['english', 'hindi', 'tamil'],
    companies: [],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 500,
      weeklyHours: { monday: span(15, 17), tuesday: span(15, 17), wednesday: span(15, 17) },
    },
  },
  {
    name: 'Sanjay Verma',
    skills: ['DevOps', 'Python'],
    headline: 'Cloud architect across Singapore and India',
    bio: 'Thirteen years designing cloud platforms for banks and startups in Southeast Asia. I mentor on architecture reviews, cost control, Python automation and the jump from engineer to architect.',
    expirience: 13,
    languages: ['english', 'hindi'],
    companies: ['Straitsgate Cloud', 'Cloudmint', 'Northpeak Bank Technology'],
    availability: {
      timezone: 'Asia/Singapore',
      priceRupees: 2800,
      weeklyHours: { tuesday: span(10, 13), thursday: span(10, 13) },
    },
  },
  {
    name: 'Mei Lin Tan',
    skills: ['React', 'Node.js'],
    headline: 'Senior frontend engineer on a mobile wallet',
    bio: 'Six years building wallet and payment screens used across the region. I help people with TypeScript in React, design systems, and turning vague tickets into a plan they can deliver.',
    expirience: 6,
    languages: ['english'],
    companies: ['Lanternpay'],
    availability: {
      timezone: 'Asia/Singapore',
      priceRupees: 1900,
      weeklyHours: { monday: span(13, 16), wednesday: span(13, 16), friday: span(13, 16) },
    },
  },
  {
    name: 'Oliver Bennett',
    skills: ['Java', 'SQL'],
    headline: 'Staff engineer: Java, event streams and relational data',
    bio: 'Fourteen years in London insurance and software houses. I mentor on system design interviews, event-driven Java services, and keeping a relational schema healthy as a product grows for years.',
    expirience: 14,
    languages: ['english', 'french'],
    companies: ['Thamesbridge Insurance', 'Ledgerline', 'Copperkey Software'],
    availability: {
      timezone: 'Europe/London',
      priceRupees: 2600,
      weeklyHours: { monday: span(10, 12), thursday: span(10, 12) },
      overrides: [
        { daysAhead: 3, hours: [] },
        { daysAhead: 17, hours: span(14, 17) },
      ],
    },
  },
  {
    name: 'Amara Okafor',
    skills: ['Python'],
    headline: 'Machine learning engineer for health data',
    bio: 'Five years putting Python models into production where mistakes matter. I help with clean data pipelines, evaluating models honestly and explaining results to clinicians and managers.',
    expirience: 5,
    languages: ['english'],
    companies: ['Brightwell Health Data'],
    availability: {
      timezone: 'Europe/London',
      priceRupees: 1500,
      weeklyHours: { tuesday: span(13, 17), wednesday: span(13, 17) },
    },
  },
  {
    name: 'Lukas Schneider',
    skills: ['DevOps', 'Java'],
    headline: 'Platform engineer: Kubernetes for mobility services',
    bio: 'Nine years in Berlin building platforms for car sharing and transit apps. I mentor on Kubernetes operations, JVM tuning in containers and building a team culture around postmortems.',
    expirience: 9,
    languages: ['german', 'english'],
    companies: ['Rheinwerk Mobility', 'Kesselhaus Cloud'],
    availability: {
      timezone: 'Europe/Berlin',
      priceRupees: 2100,
      weeklyHours: { monday: span(10, 14), wednesday: span(10, 14) },
    },
  },
  {
    name: 'Sofia Martínez',
    skills: ['React'],
    headline: 'Frontend developer for news and media sites',
    bio: 'Four years building fast, readable article pages and newsroom tools. I mentor Spanish and English speakers on React, web performance and accessible HTML that works for every reader.',
    expirience: 4,
    languages: ['spanish', 'english'],
    companies: ['Plazapoint Media'],
    availability: {
      timezone: 'America/New_York',
      priceRupees: 1100,
      weeklyHours: { tuesday: span(10, 13), thursday: span(10, 13), friday: span(10, 12) },
    },
  },
  {
    name: 'Camille Laurent',
    skills: ['Node.js', 'SQL'],
    headline: 'Backend developer for marketplaces, Node.js and PostgreSQL',
    bio: 'Seven years on marketplace backends in Paris and Berlin: search, payments, payouts. I help with API design, data modelling and moving from a junior to a confident mid-level developer.',
    expirience: 7,
    languages: ['french', 'english', 'german'],
    companies: ['Marchéline', 'Copperkey Software'],
    availability: {
      timezone: 'Europe/Berlin',
      priceRupees: 1700,
      weeklyHours: { monday: span(14, 17), tuesday: span(14, 17), thursday: span(14, 17) },
    },
  },
  {
    name: 'Marcus Johnson',
    skills: ['Python', 'SQL'],
    headline: 'Data engineering lead for retail analytics',
    bio: 'Ten years building warehouses and pipelines in New York for grocery and retail companies. I mentor on Python for data engineering, SQL at scale and how to run a small data team.',
    expirience: 10,
    languages: ['english', 'spanish'],
    companies: ['Hudsonline Analytics', 'Greenmarket Foods'],
    availability: {
      timezone: 'America/New_York',
      priceRupees: 2400,
      weeklyHours: { wednesday: span(10, 17) },
      overrides: [{ daysAhead: 8, hours: [] }],
    },
  },
  {
    name: 'Hannah Weber',
    skills: ['React'],
    headline: 'Junior React developer and former graphic designer',
    bio: 'Three years ago I moved from print design into frontend development. I help designers and other career changers learn React, CSS layout and how to present their work in a portfolio.',
    expirience: 3,
    languages: ['german', 'english', 'french'],
    companies: [],
    availability: {
      timezone: 'Europe/Berlin',
      priceRupees: 800,
      weeklyHours: { thursday: span(10, 17), friday: span(10, 17) },
    },
  },
  {
    name: 'Rahul Joshi',
    skills: ['Python', 'React'],
    headline: 'Full-stack developer at a New York fintech',
    bio: 'Eight years between Pune and New York building lending dashboards with Python backends and React frontends. I mentor on full-stack projects, code review etiquette and working across time zones.',
    expirience: 8,
    languages: ['english', 'hindi'],
    companies: ['Brooklane Fintech', 'Finlane Payments'],
    availability: {
      timezone: 'America/New_York',
      priceRupees: 2000,
      weeklyHours: { monday: span(10, 12), wednesday: span(10, 12) },
      overrides: [{ daysAhead: 5, hours: span(15, 17) }],
    },
  },
  {
    name: 'Kavya Krishnan',
    skills: ['Java'],
    headline: 'Java developer two years into accounting software',
    bio: 'I joined a software company straight from college and now build the invoicing features of its Java product. Happy to help students with data structures, Spring basics and campus placement preparation.',
    expirience: 2,
    languages: ['english', 'tamil', 'malayalam'],
    companies: ['Tallyworks'],
    availability: {
      timezone: 'Asia/Kolkata',
      priceRupees: 600,
      weeklyHours: {
        monday: span(16, 17),
        tuesday: span(16, 17),
        wednesday: span(16, 17),
        thursday: span(16, 17),
      },
    },
  },
];
