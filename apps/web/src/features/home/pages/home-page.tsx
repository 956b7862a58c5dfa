import type { ReactNode } from 'react';
import { BadgeCheck, Map as MapIcon, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { t } from '@/lib/i18n';
import { RoadmapSketch } from '../components/roadmap-sketch';

/** The three steps of "How Skillroute works", in the reader's language. */
const steps = () =>
  [
    {
      icon: MapIcon,
      title: t('Follow a roadmap'),
      text: t(
        'Each roadmap is a map of topics and subtopics, with notes and hand-picked links for every step. Work through it in order and always know what to learn next.',
      ),
    },
    {
      icon: BadgeCheck,
      title: t('Prove a skill, become a mentor'),
      text: t(
        'Apply with your stack, experience and languages, then take a timed test in that stack. Pass it and the skill shows on your mentor profile, where you set your weekly hours and your hourly rate.',
      ),
    },
    {
      icon: Video,
      title: t('Book a 1:1 session'),
      text: t(
        'Choose a mentor and a free one-hour slot, shown in your own time zone, and pay when you book. You meet in a video room in the browser: nothing to install.',
      ),
    },
  ] as const;

/**
 * `signedIn` comes from the app layer, so the home chunk stays free of the session code; so does the list
 * of published roadmaps (`roadmaps`), which belongs to the roadmaps feature.
 */
export function HomePage({ signedIn = false, roadmaps }: { signedIn?: boolean; roadmaps?: ReactNode }) {
  return (
    <>
      <section
        aria-labelledby="home-title"
        className="border-b bg-gradient-to-b from-accent/60 to-background"
      >
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.1fr_0.9fr]">
          <div className="flex flex-col items-start gap-6">
            <p className="rounded-full border bg-background px-3 py-1 text-sm font-medium text-muted-foreground">
              {t('Learning roadmaps and 1:1 mentoring')}
            </p>
            <h1 id="home-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              {t('Learn a tech skill step by step, then teach it')}
            </h1>
            <p className="max-w-xl text-lg text-pretty text-muted-foreground">
              {t(
                'Skillroute turns a skill into a roadmap you can follow topic by topic. When you know a stack well, prove it in a timed test and become a mentor. When you want a hand, book a one-hour session with someone who has been there.',
              )}
            </p>
            <div className="flex flex-wrap gap-3">
              {signedIn ? (
                <Button asChild size="lg">
                  <Link to="/profile/general">{t('Open your profile')}</Link>
                </Button>
              ) : (
                <>
                  <Button asChild size="lg">
                    <Link to="/signup">{t('Get started')}</Link>
                  </Button>
                  <Button asChild size="lg" variant="outline">
                    <Link to="/login">{t('Sign in')}</Link>
                  </Button>
                </>
              )}
            </div>
          </div>
          <RoadmapSketch />
        </div>
      </section>

      {roadmaps}

      <section aria-labelledby="how-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="how-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('How Skillroute works')}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {steps().map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex">
              <Card className="w-full">
                <CardHeader className="gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle as="h3" className="text-lg">
                    <span className="sr-only">{t('Step {number}:', { number: index + 1 })} </span>
                    {title}
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-muted-foreground">{text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="share-title" className="border-t bg-muted/50">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="share-title" className="text-2xl font-bold tracking-tight">
              {t('Know a path worth sharing?')}
            </h2>
            <p className="mt-2 text-muted-foreground">
              {t(
                'Draw your own roadmap in the editor, add notes and links to each topic, and submit it. Once a reviewer approves it, it is published for everyone to follow.',
              )}
            </p>
          </div>
          {!signedIn && (
            <Button asChild size="lg">
              <Link to="/signup">{t('Create your account')}</Link>
            </Button>
          )}
        </div>
      </section>
    </>
  );
}
