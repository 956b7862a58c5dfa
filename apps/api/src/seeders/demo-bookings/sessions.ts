/**
 * Past sessions of the demo: people who booked a demo mentor, met, and wrote a review. All of it is our own
 * writing. The learners sign in nowhere (no password, an address under `.invalid`); they exist so the
 * listing's ratings, the profiles' reviews and the sessions held come from real rows, as they would in use.
 */
export interface DemoLearner {
  name: string;
}

export interface DemoSession {
  /** A name from listedDemoMentors. */
  mentor: string;
  learner: string;
  /** How many days before the seeding the session was held (10:00 UTC that day); unique, so none overlap. */
  daysAgo: number;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
}

export const demoLearners: readonly DemoLearner[] = [
  { name: 'Priya Venkatesh' },
  { name: 'Joel Mathew' },
  { name: 'Ishita Bose' },
  { name: 'Samuel Okoro' },
  { name: 'Divya Menon' },
  { name: 'Arjun Reddy' },
];

export const demoSessions: readonly DemoSession[] = [
  {
    mentor: 'Ananya Iyer',
    learner: 'Priya Venkatesh',
    daysAgo: 3,
    rating: 5,
    comment:
      'We went through my portfolio line by line. I left with three concrete fixes and a plan for the next month.',
  },
  {
    mentor: 'Ananya Iyer',
    learner: 'Joel Mathew',
    daysAgo: 9,
    rating: 5,
    comment: 'Clear, patient and honest about what interviewers look for. Worth every rupee.',
  },
  {
    mentor: 'Ananya Iyer',
    learner: 'Arjun Reddy',
    daysAgo: 17,
    rating: 4,
    comment:
      'Very useful session on state management. I would have liked a few more examples, but the notes she sent after filled the gap.',
  },
  {
    mentor: 'Rohan Mehta',
    learner: 'Ishita Bose',
    daysAgo: 5,
    rating: 5,
    comment: 'Rohan explained database indexes with a whiteboard sketch that finally made them click for me.',
  },
  {
    mentor: 'Rohan Mehta',
    learner: 'Samuel Okoro',
    daysAgo: 12,
    rating: 4,
    comment: 'Good mock interview with real feedback. The system design part ran a little long.',
  },
  {
    mentor: 'Fatima Sheikh',
    learner: 'Divya Menon',
    daysAgo: 4,
    rating: 5,
    comment:
      'She reviewed my test suite and showed me how to remove half of the flaky waits. Practical and kind.',
  },
  {
    mentor: 'Fatima Sheikh',
    learner: 'Priya Venkatesh',
    daysAgo: 20,
    rating: 4,
    comment: 'Helpful session on accessibility audits; I now check focus order on every page I build.',
  },
  {
    mentor: 'Vikram Nair',
    learner: 'Joel Mathew',
    daysAgo: 6,
    rating: 3,
    comment:
      'Knowledgeable, but we spent most of the hour on setup problems on my machine. Next time I will come better prepared.',
  },
  {
    mentor: 'Vikram Nair',
    learner: 'Arjun Reddy',
    daysAgo: 14,
    rating: 5,
    comment:
      'Straight answers about moving from support into DevOps, and a reading list I am actually using.',
  },
  {
    mentor: 'Lakshmi Raghavan',
    learner: 'Samuel Okoro',
    daysAgo: 8,
    rating: 5,
    comment: 'Lakshmi turned my messy query into something ten times faster and explained each step.',
  },
  {
    mentor: 'Karthik Subramanian',
    learner: 'Ishita Bose',
    daysAgo: 11,
    rating: 4,
    comment: 'A calm, structured walk through my first Kubernetes deployment. Good pace.',
  },
  {
    mentor: 'Sneha Kulkarni',
    learner: 'Divya Menon',
    daysAgo: 15,
    rating: 5,
    comment: 'Practical advice on design handoffs and how to argue for usability fixes with data.',
  },
];
