/** One multiple-choice question of the demo bank: 2 to 6 options, exactly one of them correct. */
export interface SeedQuestion {
  text: string;
  options: readonly { text: string; isCorrect: boolean }[];
}
