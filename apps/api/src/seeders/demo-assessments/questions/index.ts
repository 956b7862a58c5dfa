import { devopsQuestions } from './devops';
import { javaQuestions } from './java';
import { nodeQuestions } from './node';
import { pythonQuestions } from './python';
import { reactQuestions } from './react';
import { sqlQuestions } from './sql';
import type { SeedQuestion } from './types';

export type { SeedQuestion } from './types';

/** The demo question bank of the skill tests, one entry per stack. */
export const demoQuestionBanks: readonly { stack: string; questions: readonly SeedQuestion[] }[] = [
  { stack: 'React', questions: reactQuestions },
  { stack: 'Node.js', questions: nodeQuestions },
  { stack: 'Python', questions: pythonQuestions },
  { stack: 'Java', questions: javaQuestions },
  { stack: 'DevOps', questions: devopsQuestions },
  { stack: 'SQL', questions: sqlQuestions },
];
