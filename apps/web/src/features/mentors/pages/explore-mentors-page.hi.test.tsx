import type { MentorCard } from '@skillroute/shared/mentors';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { setLanguage } from '@/lib/i18n';
import { json, serve } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';

const stacks = () => json(200, [{ id: '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11', name: 'React' }]);
const page = (mentors: MentorCard[]) => json(200, { mentors, total: mentors.length, page: 1, limit: 12 });
const listing = (answer: () => Response) =>
  Object.fromEntries(['all', 'React'].map((skill) => [`GET /api/mentor/${skill}`, answer]));

const ada: MentorCard = {
  id: 'm1',
  name: 'Ada Lovelace',
  avatar: null,
  headline: 'Senior frontend engineer who enjoys teaching',
  expirience: 6,
  languages: ['english', 'hindi'],
  assessedSkills: ['React'],
  companies: ['Acme'],
  timezone: 'Asia/Kolkata',
  rating: 4.75,
  reviewCount: 12,
  sessionsHeld: 1,
  pricePerSession: 125_000,
  nextFreeSlot: null,
};

describe('/explore-mentors in Hindi', () => {
  beforeEach(async () => {
    await setLanguage('hi');
  });
  // The other test files of this worker share the module graph: they read English.
  afterEach(async () => {
    await setLanguage('en');
  });

  it('writes its heading, search and filters in Hindi, and an empty listing says so in Hindi', async () => {
    serve({ 'GET /api/assessment': stacks, ...listing(() => page([])) });
    renderRoutes(routes, '/explore-mentors');
    expect(await screen.findByRole('heading', { level: 1, name: 'अपना मेंटर खोजें' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'मेंटर खोजें' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'कम से कम अनुभव' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'हिन्दी' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '5+ साल' })).toBeInTheDocument();
    expect(await screen.findByText('अभी कोई मेंटर नहीं')).toBeInTheDocument();
    expect(screen.getByText('मेंटर स्किल टेस्ट पास करने और अपने घंटे तय करने के बाद यहाँ दिखते हैं।')).toBeInTheDocument();
    expect(screen.getByText('0 मेंटर')).toBeInTheDocument();
  });

  it('suggests what to loosen in Hindi when the filters match no one', async () => {
    serve({ 'GET /api/assessment': stacks, ...listing(() => page([])) });
    renderRoutes(routes, '/explore-mentors?languages=hindi,tamil&experience=5');
    expect(await screen.findByText('इन फ़िल्टर से कोई मेंटर मेल नहीं खाता')).toBeInTheDocument();
    expect(screen.getByText('कम भाषाएँ या कम अनुभव आज़माएँ।')).toBeInTheDocument();
  });

  it('counts and prices a card in Hindi, rupees grouped the Indian way', async () => {
    serve({ 'GET /api/assessment': stacks, ...listing(() => page([ada])) });
    renderRoutes(routes, '/explore-mentors');
    const card = (await screen.findByRole('link', { name: 'Ada Lovelace' })).closest(
      'article',
    ) as HTMLElement;
    expect(card).toHaveTextContent('अंग्रेज़ी, हिन्दी');
    expect(card).toHaveTextContent('6 साल का अनुभव · Acme');
    expect(within(card).getByRole('img', { name: '5 में से 4.8 रेटिंग' })).toBeInTheDocument();
    expect(card).toHaveTextContent('(12 रिव्यू) · 1 सेशन हुआ');
    expect(card).toHaveTextContent('₹1,25,000 / सेशन');
    expect(card).toHaveTextContent('अगले 60 दिनों में कोई खाली स्लॉट नहीं');
    expect(screen.getByText('1 मेंटर')).toBeInTheDocument();
  });
});
