import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { makeStore } from '@/app/store';
import { startingLanguage } from '@/lib/language-preference';
import { applyDarkMode, readThemeChosen } from '@/features/theme/theme-preference';
import { themeOnStart } from '@/features/theme/theme-slice';
import { setLanguage } from '@/lib/i18n';
import './index.css';

// Before anything renders, so a dark-mode visitor never sees a white flash while the store restores.
applyDarkMode(themeOnStart(readThemeChosen()).isDarkMode, false);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const { store, persistor } = makeStore();
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App store={store} persistor={persistor} />
    </StrictMode>,
  );

// English is in the entry chunk and renders at once; another language's messages arrive first (one small chunk).
const language = startingLanguage();
if (language === 'en') render();
else void setLanguage(language).then(render, render);
