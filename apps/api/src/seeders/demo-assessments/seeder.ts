import { randomUUID } from 'node:crypto';
import type { Transaction } from '../../db/client';
import { assessmentTests, mentorProfiles, mentorSkills, questions, stacks, users } from '../../db/schema';
import type { Seeder } from '../../db/seed';
import {
  drawQuestions,
  expiryOf,
  scoreAnswers,
  withOptionIds,
  type BankQuestion,
} from '../../modules/assessments/rules';
import { demoQuestionBanks } from './questions';

/**
 * Demo mentors: people who passed a test, so a newcomer sees mentors with profiles and assessed skills.
 * Like the demo roadmaps' author, nobody can sign in as them: no password, no Google link, and addresses
 * under `.invalid`, a name reserved never to exist (RFC 2606).
 */
export const demoMentors = [
  {
    name: 'Priya',
    email: 'priya@skillroute.invalid',
    skills: ['React', 'Node.js'],
    profile: {
      headline: 'Frontend lead who ships accessible React apps',
      bio: 'Nine years building web products, the last four leading a team of frontend engineers at a payments company. I help people structure React code, prepare for interviews and plan their first move into a senior role.',
      expirience: 9,
      languages: ['english', 'hindi', 'tamil'],
    },
  },
  {
    name: 'Arjun',
    email: 'arjun@skillroute.invalid',
    skills: ['Java', 'SQL'],
    profile: {
      headline: 'Backend engineer: Java services and PostgreSQL at scale',
      bio: 'I design and run Java services that answer millions of requests a day, and I care about schemas, queries and indexes that stay fast. Happy to review your system design or walk through a slow query with you.',
      expirience: 7,
      languages: ['english', 'malayalam'],
    },
  },
  {
    name: 'Meera',
    email: 'meera@skillroute.invalid',
    skills: ['DevOps'],
    profile: {
      headline: 'Platform engineer: Kubernetes, CI/CD and observability',
      bio: 'Five years keeping production calm: container platforms, deployment pipelines, alerting that wakes people only when it should. I mentor developers moving into DevOps and SRE roles.',
      expirience: 5,
      languages: ['english', 'tamil', 'german'],
    },
  },
  {
    name: 'Daniel',
    email: 'daniel@skillroute.invalid',
    skills: ['Python'],
    profile: {
      headline: 'Python developer and data engineer, ex-teacher',
      bio: 'I taught maths for six years before moving into software; now I build data pipelines in Python. I enjoy helping career changers find their footing and write clean, tested Python.',
      expirience: 3,
      languages: ['english', 'spanish', 'french'],
    },
  },
] as const;

const linksOf = (mentor: (typeof demoMentors)[number]) => ({
  linkedinUrl: `https://www.linkedin.com/in/${mentor.name.toLowerCase()}-skillroute-demo`,
  githubUrl: `https://github.com/${mentor.name.toLowerCase()}-skillroute-demo`,
});

/** A passed test as the demo mentor would have taken it: ten drawn questions, nine answered right. */
async function insertPassedTest(
  tx: Transaction,
  userId: string,
  stackId: string,
  bank: BankQuestion[],
  startedAt: Date,
  mentor: (typeof demoMentors)[number],
) {
  const drawn = drawQuestions(bank);
  if (drawn === undefined) throw new Error('a demo stack has fewer questions than a test');
  const answers = Object.fromEntries(
    drawn.map((question, index) => [
      question.id,
      index === 0
        ? (question.options.find((option) => option.id !== question.correctOptionId)?.id ?? '')
        : question.correctOptionId,
    ]),
  );
  const { score, total, passed } = scoreAnswers(drawn, answers);
  if (!passed) throw new Error('a demo mentor would not have passed');
  const [row] = await tx
    .insert(assessmentTests)
    .values({
      userId,
      stackId,
      application: { ...mentor.profile, languages: [...mentor.profile.languages], ...linksOf(mentor) },
      questions: drawn,
      answers,
      status: 'passed',
      createdAt: startedAt,
      startedAt,
      expiresAt: expiryOf(startedAt),
      submittedAt: new Date(startedAt.getTime() + 11 * 60_000),
      score,
      total,
    })
    .returning({ id: assessmentTests.id });
  if (row === undefined) throw new Error('a demo test was not written');
  return row.id;
}

/** Six stacks with the question bank written for them, and four mentors who passed their tests. */
export function createDemoAssessmentsSeeder(): Seeder {
  return {
    name: 'demo-assessments',
    async run(tx) {
      const banks = new Map<string, { stackId: string; bank: BankQuestion[] }>();
      for (const { stack, questions: bank } of demoQuestionBanks) {
        const [row] = await tx
          .insert(stacks)
          .values({ name: stack })
          .onConflictDoUpdate({ target: stacks.name, set: { isActive: true } })
          .returning({ id: stacks.id });
        if (row === undefined) throw new Error(`the demo stack ${stack} was not written`);
        const written = bank.map((question) => ({
          id: randomUUID(),
          stackId: row.id,
          text: question.text,
          options: withOptionIds(question.options),
        }));
        await tx.insert(questions).values(written);
        banks.set(stack, { stackId: row.id, bank: written });
      }

      const now = Date.now();
      for (const [index, mentor] of demoMentors.entries()) {
        const account = {
          name: mentor.name,
          email: mentor.email,
          role: 'mentor' as const,
          passwordHash: null,
          googleSub: null,
          verifiedAt: new Date(now),
          blockedAt: null,
        };
        const [user] = await tx
          .insert(users)
          .values(account)
          .onConflictDoUpdate({ target: users.email, set: account })
          .returning({ id: users.id });
        if (user === undefined) throw new Error(`the demo mentor ${mentor.name} was not written`);
        await tx
          .insert(mentorProfiles)
          .values({
            userId: user.id,
            ...mentor.profile,
            languages: [...mentor.profile.languages],
            ...linksOf(mentor),
          })
          .onConflictDoNothing();
        for (const [order, skill] of mentor.skills.entries()) {
          const stack = banks.get(skill);
          if (stack === undefined)
            throw new Error(`the demo mentor ${mentor.name} names an unknown stack ${skill}`);
          // Some weeks ago, a few days apart, so their skills read in the order they were earned.
          const startedAt = new Date(now - (30 - index * 3 - order) * 24 * 3_600_000);
          const testId = await insertPassedTest(tx, user.id, stack.stackId, stack.bank, startedAt, mentor);
          await tx
            .insert(mentorSkills)
            .values({
              userId: user.id,
              stackId: stack.stackId,
              testId,
              assessedAt: new Date(startedAt.getTime() + 11 * 60_000),
            })
            .onConflictDoNothing();
        }
      }
    },
  };
}
